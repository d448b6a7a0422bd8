import { type ImageAsset, images } from "./images.ts";
import type { ServiceId } from "./services.ts";

/**
 * What each service involves, shown when a visitor asks to learn more. Kept apart from the cards
 * so the page's first script carries only what the first view shows.
 */
export interface ServiceDetails {
  summary: string;
  steps: readonly string[];
  duration: string;
  bestFor: string;
  image: ImageAsset;
}

export const serviceDetails: Record<ServiceId, ServiceDetails> = {
  "interior-waterproofing": {
    summary:
      "The most common fix for water at the floor joint or through the walls. We work from inside, so your yard and landscaping stay untouched.",
    steps: [
      "We move belongings, protect the floors and set up dust control.",
      "A narrow channel is cut in the floor along the walls, down to the footing.",
      "Perforated drain tile is laid in clean stone and tied into a new sealed sump pump.",
      "A vapor barrier goes on the walls, the floor is patched with fresh concrete, and we clean up.",
    ],
    duration: "1–3 days for most homes",
    bestFor: "Seepage after rain, wet floor edges, damp walls, musty smell",
    image: images.interiorDrainTile,
  },
  "exterior-waterproofing": {
    summary:
      "The most complete protection, and the right choice when walls are leaking from the outside or the old clay tile has collapsed.",
    steps: [
      "Utilities are marked and the soil is excavated along the wall to the footing.",
      "The wall is cleaned, cracks are repaired and a rubberized membrane is applied.",
      "Drainage board protects the membrane and new drain tile is set in gravel.",
      "We backfill, compact and grade the soil so water runs away from the house.",
    ],
    duration: "3–7 days, depending on depth and weather",
    bestFor: "Leaking block walls, failed exterior tile, new additions",
    image: images.exteriorMembrane,
  },
  "foundation-crack-repair": {
    summary:
      "Most poured-wall cracks are shrinkage cracks that leak but are not structural. We tell you which kind you have before we quote anything.",
    steps: [
      "We measure the crack and check the wall for bowing or movement.",
      "Injection ports are set and the crack is filled through the full wall thickness.",
      "Walls that have moved get carbon fiber straps bonded across the crack.",
      "The surface is finished clean and the repair is covered by our warranty.",
    ],
    duration: "A few hours for most cracks",
    bestFor: "Leaking cracks, widening cracks, bowing or shifting walls",
    image: images.foundationCrackRepair,
  },
  "crawl-space-repair": {
    summary:
      "Up to half the air on your first floor can come up from the crawl space. Sealing it keeps moisture, mold and pests out.",
    steps: [
      "Debris and old insulation are removed and any standing water is drained.",
      "A reinforced vapor barrier covers the floor and runs up the walls, taped at every seam.",
      "Vents are sealed and the walls are insulated where needed.",
      "A dehumidifier keeps humidity in a healthy range all year.",
    ],
    duration: "1–2 days for most crawl spaces",
    bestFor: "Musty odors, cold floors, mold, standing water",
    image: images.crawlSpaceEncapsulation,
  },
  "egress-window-installation": {
    summary:
      "Required for any basement bedroom and a big upgrade for a finished basement. We handle the permit and the inspection.",
    steps: [
      "We pull the permit and mark the opening to meet egress size rules.",
      "The wall is cut with a diamond saw and the opening is framed and sealed.",
      "A new window is installed with a deep well, gravel drainage and a ladder.",
      "A clear cover keeps out leaves and snow while letting light in.",
    ],
    duration: "1–2 days, plus the permit inspection",
    bestFor: "Basement bedrooms, finishing projects, dark basements",
    image: images.egressWindow,
  },
  "drainage-systems": {
    summary:
      "The least invasive fix, and often the first step: water that never reaches the foundation can't come into the basement.",
    steps: [
      "We watch where water goes around your house and find the low spots.",
      "Downspouts are connected to buried lines that empty well away from the foundation.",
      "French drains or regrading handle water running across the yard.",
      "Sump pump discharge is routed where it cannot cycle back toward the house.",
    ],
    duration: "1–2 days for most yards",
    bestFor: "Soggy yards, pooling by the foundation, short downspouts",
    image: images.yardDrainage,
  },
};
