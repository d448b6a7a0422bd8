import type { ServiceOptionValue } from "../contract/serviceOptions.ts";
import type { GalleryItemId } from "./gallery.ts";

/** Names of the icons the web app draws for each service; the mapping lives in the app. */
export type ServiceIcon = "droplets" | "shovel" | "crack" | "house" | "window" | "waves";

export type ServiceId =
  | "interior-waterproofing"
  | "exterior-waterproofing"
  | "foundation-crack-repair"
  | "crawl-space-repair"
  | "egress-window-installation"
  | "drainage-systems";

export interface Service {
  id: ServiceId;
  /** The form's "Service Needed" value this card preselects. */
  option: ServiceOptionValue;
  /** The gallery card that shows how this repair works (`gallery.ts`). */
  solution: GalleryItemId;
  icon: ServiceIcon;
  title: string;
  description: string;
  features: readonly [string, string, string];
}

export const services = [
  {
    id: "interior-waterproofing",
    option: "interior",
    solution: "interior-drain-tile",
    icon: "droplets",
    title: "Interior Basement Waterproofing",
    description:
      "A drain tile system along the footing catches seepage where wall meets floor and sends it to a sealed sump pump, so your basement stays dry through thaws and storms.",
    features: [
      "Perimeter drain tile & sump pump",
      "Wall vapor barrier system",
      "Battery backup pump option",
    ],
  },
  {
    id: "exterior-waterproofing",
    option: "exterior",
    solution: "exterior-membrane",
    icon: "shovel",
    title: "Exterior Basement Waterproofing",
    description:
      "We dig down to the footing, seal the outside of the wall with a rubberized membrane and lay new drain tile, stopping water before it ever reaches the foundation.",
    features: [
      "Excavation down to the footing",
      "Rubberized membrane & drainage board",
      "New exterior drain tile",
    ],
  },
  {
    id: "foundation-crack-repair",
    option: "foundation",
    solution: "sealed-crack",
    icon: "crack",
    title: "Foundation Crack Repair",
    description:
      "Leaking cracks are sealed with injected polyurethane or epoxy; cracks that move and walls that bow are reinforced with carbon fiber, so the wall stays dry and straight.",
    features: [
      "Polyurethane & epoxy injection",
      "Carbon fiber reinforcement",
      "Bowing wall stabilization",
    ],
  },
  {
    id: "crawl-space-repair",
    option: "crawlspace",
    solution: "encapsulated-crawl-space",
    icon: "house",
    title: "Crawl Space Repair",
    description:
      "Damp crawl spaces breed mold and cold floors. We seal them with a heavy vapor barrier, close the vents and control humidity, so the air in your home stays healthier.",
    features: [
      "Heavy-duty vapor barrier encapsulation",
      "Dehumidifier installation",
      "Vent sealing & insulation",
    ],
  },
  {
    id: "egress-window-installation",
    option: "egress",
    solution: "egress-window",
    icon: "window",
    title: "Egress Window Installation",
    description:
      "A code-compliant egress window gives a basement bedroom a safe way out and plenty of daylight, with a drained window well that keeps water outside.",
    features: [
      "Cut and framed to Michigan code",
      "Drained window well & cover",
      "More daylight, a safe way out",
    ],
  },
  {
    id: "drainage-systems",
    option: "drainage",
    solution: "yard-drainage",
    icon: "waves",
    title: "Drainage Systems",
    description:
      "Many wet basements start in the yard. Buried downspout lines, French drains and proper grading carry rain and snowmelt away from your foundation.",
    features: ["Buried downspout lines", "French drains & yard grading", "Sump discharge lines"],
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
    requestCta: "Get Your Free Inspection Today",
    close: "Close",
  },
  servingLine: "Serving Marine City and all of Southeast Michigan",
  cta: "Get Your Free Inspection Today",
} as const;
