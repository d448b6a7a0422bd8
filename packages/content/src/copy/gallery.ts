import { type ImageAsset, images } from "./images.ts";

export type GalleryCategory =
  | "Interior Work"
  | "Foundation Repair"
  | "Exterior Work"
  | "Crawl Space"
  | "Windows"
  | "Drainage";

export type GalleryItemId =
  | "interior-drain-tile"
  | "sealed-crack"
  | "exterior-membrane"
  | "encapsulated-crawl-space"
  | "egress-window"
  | "yard-drainage";

export interface GalleryItem {
  /** Also the card's anchor on the page: a service's "Learn More" leads there without the app. */
  id: GalleryItemId;
  title: string;
  description: string;
  image: ImageAsset;
  category: GalleryCategory;
}

export const gallery = {
  eyebrow: "Gallery",
  heading: "Solutions we provide",
  intro:
    "How each of our repairs works, drawn so you can see what goes on behind the wall and under the floor.",
  items: [
    {
      id: "interior-drain-tile",
      title: "Interior drain tile & sump pump",
      description:
        "Water that seeps in at the footing is collected by perforated tile under the floor and pumped out before it can reach your floor.",
      image: images.interiorDrainTile,
      category: "Interior Work",
    },
    {
      id: "sealed-crack",
      title: "Sealed foundation crack",
      description:
        "Injected through the full wall thickness, the crack is sealed for good; carbon fiber keeps a moving wall from going further.",
      image: images.foundationCrackRepair,
      category: "Foundation Repair",
    },
    {
      id: "exterior-membrane",
      title: "Exterior membrane & drain",
      description:
        "A rubberized membrane and drainage board on the outside of the wall, with new tile at the footing, keep water off the foundation.",
      image: images.exteriorMembrane,
      category: "Exterior Work",
    },
    {
      id: "encapsulated-crawl-space",
      title: "Encapsulated crawl space",
      description:
        "A sealed vapor barrier, closed vents and a dehumidifier turn a damp crawl space into a clean, dry one.",
      image: images.crawlSpaceEncapsulation,
      category: "Crawl Space",
    },
    {
      id: "egress-window",
      title: "Egress window & well",
      description:
        "A code-sized opening, a drained window well and a ladder: daylight for the basement and a safe way out.",
      image: images.egressWindow,
      category: "Windows",
    },
    {
      id: "yard-drainage",
      title: "Yard drainage",
      description:
        "Buried downspout lines and a French drain carry roof and yard water well away from the house.",
      image: images.yardDrainage,
      category: "Drainage",
    },
  ],
} as const satisfies { items: readonly GalleryItem[] } & Record<string, unknown>;
