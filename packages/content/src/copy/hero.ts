import { business } from "./business.ts";
import { claims } from "./claims.ts";

export const hero = {
  eyebrow: claims.ownership,
  headline: "Dry basements and solid foundations for Southeast Michigan homes",
  lead: `Basement waterproofing and foundation repair from a family company in ${business.address.locality}. A free inspection, an honest written quote, and work backed by a lifetime transferable warranty.`,
  primaryCta: "Schedule Free Inspection",
  callCta: `Call ${business.phone.display}`,
  whyChooseUs: {
    title: "Why choose us",
    points: [
      {
        title: claims.warranty,
        text: "Our waterproofing warranty stays with the house, so it adds value when you sell.",
      },
      {
        title: "Owner-Operated",
        text: "An owner inspects your basement, writes your quote and checks the finished work.",
      },
      {
        title: `${claims.yearsExperience} Years Experience`,
        text: "Two decades of Michigan clay, spring thaws and high water tables.",
      },
    ],
  },
  trustLine: `${claims.rating} customer rating · ${claims.basementsProtected} basements protected · ${claims.credentials}`,
} as const;
