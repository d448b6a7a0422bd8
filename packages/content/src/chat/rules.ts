import type { ServiceOptionValue } from "../contract/serviceOptions.ts";
import { business } from "../copy/business.ts";
import { faq } from "../copy/faq.ts";
import { finishing } from "../copy/finishing.ts";
import { businessHours } from "../copy/hours.ts";
import { serviceAreas, serviceAreasSuffix } from "../copy/serviceAreas.ts";
import { type ServiceId, services } from "../copy/services.ts";

export type ChatTopic =
  | "warranty"
  | "cost"
  | "time"
  | "drainage"
  | "foundation-cracks"
  | "emergency"
  | "service-area"
  | "experience"
  | "hours"
  | "egress-windows"
  | "crawl-space"
  | "basement-finishing"
  | "waterproofing"
  | "free-inspection";

export interface ChatRule {
  topic: ChatTopic;
  /**
   * What a question about this topic contains, written as people type it (see `compilePhrase`):
   * whole words, `*` for any ending, `…` for up to four words in between.
   */
  phrases: readonly string[];
  /** Phrases that rule the topic out, whatever else matched. */
  notWhen?: readonly string[];
  /** Topics this one answers instead of, when both match, though they come first. */
  outranks?: readonly ChatTopic[];
  reply: string;
  /** The contact form's "Service Needed" that "Request a free inspection" preselects. */
  service: ServiceOptionValue | null;
}

const phone = business.phone.display;

function serviceDescription(id: ServiceId): string {
  const service = services.find((candidate) => candidate.id === id);
  if (!service) throw new Error(`No service ${id} for the chat to describe.`);
  return service.description;
}

function faqAnswer(id: (typeof faq.items)[number]["id"]): string {
  const item = faq.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No FAQ answer ${id} for the chat to give.`);
  return item.answer;
}

const hoursSentence = businessHours.rows.map(({ days, hours }) => `${days}: ${hours}`).join(", ");

/**
 * The scripted answers, in order: the client's eight topics first, in the client's order, then
 * the site's other subjects. The first topic with a phrase in the question answers, except that
 * a topic naming another in `outranks` takes its place. Behaviour and how to add a topic:
 * docs/chat.md.
 */
export const chatRules: readonly ChatRule[] = [
  {
    topic: "warranty",
    phrases: ["warrant*", "guarant*", "transfer*", "lifetime", "if it leak* again", "comes back"],
    reply:
      "Our waterproofing comes with a lifetime transferable warranty. It stays with your home, so it adds value if you ever sell.",
    service: null,
  },
  {
    topic: "cost",
    phrases: [
      "cost*",
      "price*",
      "pricing",
      "how much does",
      "how much do",
      "how much is",
      "how much are",
      "how much would",
      "how much will",
      "how much to",
      "how much for",
      "how much it",
      "how much money",
      "expensive",
      "cheap*",
      "afford*",
      "budget",
      "estimate*",
      "quote*",
      "charge*",
      "fee",
      "fees",
      "ballpark",
      "dollar*",
      "run me",
      "set me back",
    ],
    reply:
      "Interior waterproofing systems usually run about $3,000 to $8,000, depending on the length of wall and the pump you need. Exterior waterproofing varies with depth and access. The inspection and the written quote are free.",
    service: null,
  },
  {
    topic: "time",
    phrases: [
      "how long … take*",
      "how long … job",
      "how long … install*",
      "how long … repair",
      "how long to",
      "how long for",
      "how long … be here",
      "how long … be at",
      "how long … be on",
      "how long … be working",
      "how long … stay*",
      "how long … crew*",
      "how many days",
      "how many weeks",
      "how many hours",
      "does it take",
      "will it take",
      "would it take",
      "duration",
      "timeline",
      "time frame",
      "timeframe",
      "in one day",
      "in a day",
      "torn up",
    ],
    reply:
      "Most interior waterproofing jobs take 1 to 3 days. Exterior waterproofing usually takes 3 to 7 days, depending on the excavation and the weather.",
    service: null,
  },
  {
    topic: "drainage",
    phrases: [
      "drain*",
      "sump*",
      "downspout*",
      "gutter*",
      "grading",
      "regrad*",
      "slope*",
      "yard",
      "lawn",
      "puddle*",
      "pool*",
      "runoff",
      "discharge",
    ],
    reply:
      "A lot of basement water starts in the yard: short downspouts, low spots by the foundation or a sump line that empties back toward the house. We install buried downspout lines, French drains and regrading, and inside we add drain tile with a sealed sump pump.",
    service: "drainage",
  },
  {
    topic: "foundation-cracks",
    phrases: [
      "crack*",
      "foundation repair",
      "foundation problem*",
      "foundation issue*",
      "foundation damage",
      "structural",
      "bowing",
      "bowed",
      "bulg*",
      "lean*",
      "shift*",
      "settl*",
      "sinking",
      "heaving",
      "buckl*",
      "caving",
      "carbon fiber",
      "epoxy",
      "hairline",
      "wall … moving",
    ],
    reply:
      "Most foundation cracks are sealed from the inside with polyurethane or epoxy injection in a few hours. Cracks that keep widening and walls that bow get carbon fiber reinforcement. At the free inspection we'll tell you honestly which kind you have.",
    service: "foundation",
  },
  {
    topic: "emergency",
    phrases: [
      "emergenc*",
      "urgent*",
      "asap",
      "right now",
      "right away",
      "immediately",
      "tonight",
      "24/7",
      "24 hour",
      "around the clock",
      "after hours",
      "middle of the night",
      "flooding",
      "flooded",
      "a flood",
      "flood in",
      "water … coming in",
      "water … coming up",
      "water … rising",
      "still coming in",
      "pouring",
      "gushing",
      "taking on water",
      "full of water",
      "water everywhere",
      "inches of water",
      "inch of water",
      "feet of water",
      "foot of water",
      "standing water in … basement",
      "pump … died",
      "pump … dead",
      "pump … failed",
      "pump … stopped",
      "pump … quit",
      "pump … broke*",
      "pump … not working",
      "pump … isn't working",
      "pump … doesn't work",
    ],
    // Emergency means water coming in now; a past flood or a question about preventing one is
    // answered by the topic it is really about.
    notWhen: [
      "last year",
      "last spring",
      "last summer",
      "last fall",
      "last winter",
      "last month",
      "years ago",
      "in the past",
      "used to",
      "prevent*",
      "from flooding",
      "every time",
      "whenever",
    ],
    // A failed sump or a crack letting water in now needs the call first, not the repair talk.
    outranks: ["drainage", "foundation-cracks"],
    reply: `We handle emergencies 24/7. Call us now at ${phone}. Until we arrive, stay away from water near outlets and appliances and move valuables off the floor.`,
    service: null,
  },
  {
    topic: "service-area",
    phrases: [
      ...serviceAreas,
      "where are you",
      "where is your",
      "where … located",
      "located",
      "location*",
      "based",
      "serve*",
      "service area*",
      "areas",
      "area do you",
      "your area",
      "my area",
      "near me",
      "near you",
      "nearby",
      "how far",
      "travel*",
      "towns",
      "what town*",
      "which town*",
      "cities",
      "zip",
      "county",
      "counties",
      "macomb",
      "detroit",
      "southeast michigan",
    ],
    reply: `We serve ${serviceAreas.slice(0, -1).join(", ")} and ${serviceAreas.at(-1)}, ${serviceAreasSuffix} across Southeast Michigan.`,
    service: null,
  },
  {
    topic: "experience",
    phrases: [
      "experience*",
      "how many years",
      "years in business",
      "in business",
      "been doing this",
      "been around",
      "how long have you",
      "licens*",
      "insured",
      "bonded",
      "certified",
      "qualified",
      "review*",
      "rating*",
      "rated",
      "reputation",
      "references",
      "bbb",
      "legit",
      "scam",
      "trust*",
      "who owns",
      "owner operated",
      "family business",
      "family owned",
      "women owned",
      "woman owned",
      "how many basements",
      "track record",
      "any good",
    ],
    reply:
      "We've been waterproofing and repairing Michigan basements for over 20 years and have protected more than 1,000 of them. We're licensed and insured, and rated 4.9 out of 5 by our customers.",
    service: null,
  },
  {
    topic: "hours",
    phrases: [
      "hours",
      "are you open",
      "you open",
      "open on",
      "open today",
      "open tomorrow",
      "open late",
      "open 24",
      "when do you open",
      "what time",
      "closed on",
      "saturday*",
      "sunday*",
      "weekend*",
      "weekday*",
    ],
    reply: `Our hours are ${hoursSentence}. ${businessHours.emergencyNote} Call ${phone}.`,
    service: null,
  },
  {
    topic: "egress-windows",
    phrases: ["egress", "window*", "escape"],
    reply: serviceDescription("egress-window-installation"),
    service: "egress",
  },
  {
    topic: "crawl-space",
    phrases: [
      "crawl*",
      "encapsulat*",
      "vapor barrier",
      "dehumidif*",
      "under the house",
      "under my house",
    ],
    reply: serviceDescription("crawl-space-repair"),
    service: "crawlspace",
  },
  {
    topic: "basement-finishing",
    phrases: [
      "finish … basement",
      "finished basement",
      "finishing",
      "remodel*",
      "renovat*",
      "theater",
      "theatre",
      "man cave",
      "game room",
      "rec room",
      "recreation room",
      "family room",
      "guest suite",
      "guest room",
      "office",
      "home gym",
      "design*",
      "drywall",
      "living space",
      "convert*",
      "turn … basement into",
    ],
    reply: finishing.intro,
    service: "basement-finishing",
  },
  {
    topic: "waterproofing",
    phrases: [
      "waterproof*",
      "leak*",
      "seep*",
      "wet",
      "damp*",
      "moist*",
      "musty",
      "mold*",
      "mould*",
      "mildew",
      "humid*",
      "condensation",
      "sweat*",
      "efflorescence",
      "flood*",
      "water",
      "through the wall*",
      "through my wall*",
      "through the floor",
      "keep … dry",
      "dry basement",
      "when it rains",
      "after … rain*",
      "heavy rain*",
      "snow melt*",
      "snowmelt",
      "thaw*",
      "interior",
      "exterior",
      "prevent*",
      "keep water out",
    ],
    reply: faqAnswer("interior-or-exterior"),
    service: "interior",
  },
  {
    topic: "free-inspection",
    phrases: [
      "inspect*",
      "come look",
      "come out",
      "take a look",
      "look at",
      "schedul*",
      "appointment*",
      "book*",
      "visit",
      "how soon",
      "when can you",
      "someone come",
      "send someone",
      "assessment",
      "evaluat*",
    ],
    reply: `The inspection is free and doesn't commit you to anything: an owner looks at your basement and you get a written, fixed-price quote. Call us at ${phone}, or send the contact form and we'll call you back within 24 hours to pick a time.`,
    service: null,
  },
];

export const defaultChatReply = `Good question for our team! The best next step is a free inspection: call us at ${phone} or use the contact form, and we'll get back to you within 24 hours.`;
