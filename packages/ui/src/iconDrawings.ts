/**
 * Every icon the site shows, by our name, with the Lucide drawing it is (lucide-react's icon
 * files, read by the build: iconStylesheet.ts). A drawing is outlined, as Lucide draws it, unless
 * it is marked filled.
 */
export const iconDrawings = {
  award: { lucide: "award" },
  bed: { lucide: "bed-double" },
  briefcase: { lucide: "briefcase" },
  check: { lucide: "check" },
  "chevron-down": { lucide: "chevron-down" },
  "chevron-left": { lucide: "chevron-left" },
  "chevron-right": { lucide: "chevron-right" },
  "circle-check": { lucide: "circle-check" },
  clapperboard: { lucide: "clapperboard" },
  "clipboard-check": { lucide: "clipboard-check" },
  clock: { lucide: "clock" },
  droplets: { lucide: "droplets" },
  gamepad: { lucide: "gamepad-2" },
  grid: { lucide: "grid-2x2" },
  hammer: { lucide: "hammer" },
  "hand-heart": { lucide: "hand-heart" },
  heart: { lucide: "heart" },
  house: { lucide: "house" },
  images: { lucide: "images" },
  "map-pin": { lucide: "map-pin" },
  menu: { lucide: "menu" },
  "message-circle": { lucide: "message-circle" },
  "pencil-ruler": { lucide: "pencil-ruler" },
  phone: { lucide: "phone" },
  quote: { lucide: "quote" },
  send: { lucide: "send" },
  shovel: { lucide: "shovel" },
  siren: { lucide: "siren" },
  sofa: { lucide: "sofa" },
  star: { lucide: "star" },
  "star-filled": { lucide: "star", filled: true },
  waves: { lucide: "waves-horizontal" },
  x: { lucide: "x" },
} as const satisfies Record<string, { lucide: string; filled?: boolean }>;

export type IconName = keyof typeof iconDrawings;
