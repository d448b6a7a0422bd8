import { business } from "../business.ts";
import { serviceAreas, serviceAreasSuffix } from "../serviceAreas.ts";

export type ChatTopic =
  | "warranty"
  | "cost"
  | "time"
  | "drainage"
  | "foundation-cracks"
  | "emergency"
  | "service-area"
  | "experience";

export interface ChatRule {
  topic: ChatTopic;
  /** Lower-case phrases; a message matches when it contains any of them. */
  keywords: readonly string[];
  reply: string;
}

const phone = business.phone.display;
const towns = serviceAreas.map((town) => town.toLowerCase());

/**
 * The scripted answers, in SPEC §9's order: the first rule whose keyword the message contains
 * answers, so a broad word placed early would shadow every topic below it.
 */
export const chatRules: readonly ChatRule[] = [
  {
    topic: "warranty",
    keywords: ["warranty", "warrantee", "guarantee", "guaranty"],
    reply:
      "Our waterproofing comes with a lifetime transferable warranty. It stays with your home, so it adds value if you ever sell.",
  },
  {
    topic: "cost",
    keywords: [
      "cost",
      "price",
      "pricing",
      "how much",
      "expensive",
      "estimate",
      "quote",
      "afford",
      "budget",
    ],
    reply:
      "Interior waterproofing systems usually run about $3,000 to $8,000, depending on the length of wall and the pump you need. Exterior waterproofing varies with depth and access. The inspection and the written quote are free.",
  },
  {
    topic: "time",
    keywords: ["how long", "how many days", "take", "duration", "timeline", "time"],
    reply:
      "Most interior waterproofing jobs take 1 to 3 days. Exterior waterproofing usually takes 3 to 7 days, depending on the excavation and the weather.",
  },
  {
    topic: "drainage",
    keywords: ["drain", "sump", "downspout", "gutter", "grading", "yard", "puddle", "pooling"],
    reply:
      "A lot of basement water starts in the yard: short downspouts, low spots by the foundation or a sump line that empties back toward the house. We install buried downspout lines, French drains and regrading, and inside we add drain tile with a sealed sump pump.",
  },
  {
    topic: "foundation-cracks",
    keywords: ["crack", "foundation", "bowing", "bulging", "leaning", "shifting", "settling"],
    reply:
      "Most foundation cracks are sealed from the inside with polyurethane or epoxy injection in a few hours. Cracks that keep widening and walls that bow get carbon fiber reinforcement. At the free inspection we'll tell you honestly which kind you have.",
  },
  {
    topic: "emergency",
    keywords: [
      "emergenc",
      "flood",
      "urgent",
      "right now",
      "asap",
      "water coming in",
      "standing water",
      "24/7",
    ],
    reply: `We handle emergencies 24/7. Call us now at ${phone}. Until we arrive, stay away from water near outlets and appliances and move valuables off the floor.`,
  },
  {
    topic: "service-area",
    keywords: [
      "where",
      "area",
      "serve",
      "service near",
      "located",
      "location",
      "near me",
      "come to",
      ...towns,
    ],
    reply: `We serve ${serviceAreas.slice(0, -1).join(", ")} and ${serviceAreas.at(-1)}, ${serviceAreasSuffix} across Southeast Michigan.`,
  },
  {
    topic: "experience",
    keywords: [
      "experience",
      "years",
      "in business",
      "licensed",
      "insured",
      "qualified",
      "trust",
      "reviews",
    ],
    reply:
      "We've been waterproofing and repairing Michigan basements for over 20 years and have protected more than 1,000 of them. We're licensed and insured, and rated 4.9 out of 5 by our customers.",
  },
];

export const defaultChatReply = `Good question for our team! The best next step is a free inspection: call us at ${phone} or use the contact form, and we'll get back to you within 24 hours.`;
