import { business } from "./business.ts";
import { claims } from "./claims.ts";
import { serviceAreas, serviceAreasSuffix } from "./serviceAreas.ts";

export const about = {
  eyebrow: "About us",
  heading: "A Marine City family that fixes basements the way we'd want ours fixed",
  story: [
    `${business.name} was started in ${business.foundedYear} by a Marine City family who had already spent years keeping Michigan basements dry for other contractors. We wanted a company where the people who inspect your home are the people who own it.`,
    "Today we are a women-owned, family-operated team with over 20 years of experience in waterproofing and foundation repair. We've protected more than 1,000 basements across St. Clair and Macomb counties, from century homes in Port Huron to new builds in Chesterfield.",
    "Southeast Michigan's clay soil, spring thaws and lake-level water tables are hard on foundations. We explain exactly what we find, fix the cause, and stand behind the work for as long as you own the house, and after.",
  ],
  badges: [
    {
      icon: "heart",
      title: "Women-Owned",
      text: `Owned and led by women since ${business.foundedYear}.`,
    },
    {
      icon: "award",
      title: `${claims.yearsExperience} Years`,
      text: "Experience in waterproofing and foundations.",
    },
    {
      icon: "map-pin",
      title: "Local Experts",
      text: "We know Blue Water Area soil, homes and codes.",
    },
    {
      icon: "hand-heart",
      title: "Family Values",
      text: "Honest advice, respect for your home, no pressure.",
    },
  ],
  areasHeading: "Where we work",
  serviceAreas,
  serviceAreasSuffix,
  promise: {
    title: "Our Promise",
    quote:
      "No high-pressure sales, no surprise costs. We show you what we find, explain your options and put the price in writing before any work begins.",
    attribution: `— The ${business.shortName} family`,
  },
} as const;
