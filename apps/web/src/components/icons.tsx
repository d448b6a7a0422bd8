import type { ServiceIcon } from "@bluewater/content";
import { Icon, type IconName } from "@bluewater/ui/icon";

/** Content names icons by meaning; this is the one place that turns a name into a drawing. */
const drawings = {
  droplets: "droplets",
  shovel: "shovel",
  crack: "hammer",
  house: "house",
  window: "grid",
  waves: "waves",
  heart: "heart",
  award: "award",
  "map-pin": "map-pin",
  "hand-heart": "hand-heart",
  sofa: "sofa",
  clapperboard: "clapperboard",
  gamepad: "gamepad",
  briefcase: "briefcase",
  bed: "bed",
  "pencil-ruler": "pencil-ruler",
} as const satisfies Record<string, IconName>;

// Every icon a service card can name must have a drawing.
const serviceIcons: Record<ServiceIcon, IconName> = drawings;
void serviceIcons;

export type ContentIconName = keyof typeof drawings;

/** An icon the content names by its meaning. */
export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  return <Icon name={drawings[name]} className={className} />;
}
