import { type ImageAsset, images } from "./images.ts";
import type { ServiceOptionValue } from "./serviceOptions.ts";

/** Names of the icons the web app draws for each service; the mapping lives in the app. */
export type ServiceIcon = "droplets" | "shovel" | "crack" | "house" | "window" | "waves";

export interface Service {
  id: string;
  /** The form's "Service Needed" value this card preselects. */
  option: ServiceOptionValue;
  icon: ServiceIcon;
  title: string;
  description: string;
  features: readonly [string, string, string];
  details: {
    summary: string;
    steps: readonly string[];
    duration: string;
    bestFor: string;
    image: ImageAsset;
  };
}

export const services = [
  {
    id: "interior-waterproofing",
    option: "interior",
    icon: "droplets",
    title: "Interior Basement Waterproofing",
    description:
      "A drain tile system along the footing catches seepage where wall meets floor and sends it to a sealed sump pump, so your basement stays dry through thaws and storms.",
    features: [
      "Perimeter drain tile & sump pump",
      "Wall vapor barrier system",
      "Battery backup pump option",
    ],
    details: {
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
  },
  {
    id: "exterior-waterproofing",
    option: "exterior",
    icon: "shovel",
    title: "Exterior Basement Waterproofing",
    description:
      "We dig down to the footing, seal the outside of the wall with a rubberized membrane and lay new drain tile, stopping water before it ever reaches the foundation.",
    features: [
      "Excavation down to the footing",
      "Rubberized membrane & drainage board",
      "New exterior drain tile",
    ],
    details: {
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
  },
  {
    id: "foundation-crack-repair",
    option: "foundation",
    icon: "crack",
    title: "Foundation Crack Repair",
    description:
      "Leaking cracks are sealed with injected polyurethane or epoxy; cracks that move and walls that bow are reinforced with carbon fiber, so the wall stays dry and straight.",
    features: [
      "Polyurethane & epoxy injection",
      "Carbon fiber reinforcement",
      "Bowing wall stabilization",
    ],
    details: {
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
  },
  {
    id: "crawl-space-repair",
    option: "crawlspace",
    icon: "house",
    title: "Crawl Space Repair",
    description:
      "Damp crawl spaces breed mold and cold floors. We seal them with a heavy vapor barrier, close the vents and control humidity, so the air in your home stays healthier.",
    features: [
      "Heavy-duty vapor barrier encapsulation",
      "Dehumidifier installation",
      "Vent sealing & insulation",
    ],
    details: {
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
  },
  {
    id: "egress-window-installation",
    option: "egress",
    icon: "window",
    title: "Egress Window Installation",
    description:
      "A code-compliant egress window gives a basement bedroom a safe way out and plenty of daylight, with a drained window well that keeps water outside.",
    features: [
      "Cut and framed to Michigan code",
      "Drained window well & cover",
      "More daylight, a safe way out",
    ],
    details: {
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
  },
  {
    id: "drainage-systems",
    option: "drainage",
    icon: "waves",
    title: "Drainage Systems",
    description:
      "Many wet basements start in the yard. Buried downspout lines, French drains and proper grading carry rain and snowmelt away from your foundation.",
    features: ["Buried downspout lines", "French drains & yard grading", "Sump discharge lines"],
    details: {
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
  },
] as const satisfies readonly Service[];

export const servicesSection = {
  eyebrow: "Our services",
  heading: "Basement waterproofing and foundation repair, done right",
  intro:
    "Every job starts with a free inspection and a clear explanation of what's causing the problem. Then we fix the cause, not just the symptom.",
  learnMore: "Learn More",
  learnMoreLabel: (title: string) => `Learn more about ${title}`,
  detailsLabels: {
    steps: "What the work involves",
    duration: "Typical time",
    bestFor: "Best for",
    requestCta: "Request a free inspection for this",
    close: "Close",
  },
  servingLine: "Serving Marine City and all of Southeast Michigan",
  cta: "Get Your Free Inspection Today",
} as const;
