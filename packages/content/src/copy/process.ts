import { business } from "./business.ts";

/** "How it works": what happens between the first call and a dry basement. */
export const process = {
  eyebrow: "How it works",
  heading: "From your first call to a dry basement",
  intro: "No guesswork and no pressure. Here is exactly what happens when you reach out.",
  steps: [
    {
      title: "Call or request online",
      text: `Call ${business.phone.display} or send the form. We reply within 24 hours and book a time that suits you.`,
    },
    {
      title: "Free inspection",
      text: "An owner walks your basement and yard, measures moisture and cracks, and shows you the cause. It takes about an hour.",
    },
    {
      title: "A written quote, explained",
      text: "You get a fixed price in writing with the options side by side. Take your time; we never push.",
    },
    {
      title: "Repair and warranty",
      text: "Our own crew does the work, cleans up each day, and hands you a lifetime transferable warranty.",
    },
  ],
} as const;
