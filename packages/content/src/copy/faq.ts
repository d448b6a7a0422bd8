import { business } from "./business.ts";

export const faq = {
  eyebrow: "Questions",
  heading: "Frequently asked questions",
  items: [
    {
      id: "free-inspection",
      question: "Is the inspection really free?",
      answer:
        "Yes. The inspection and the written quote cost nothing and don't commit you to anything. We'd rather earn your trust than rush a sale.",
    },
    {
      id: "interior-or-exterior",
      question: "Do I need interior or exterior waterproofing?",
      answer:
        "Most Michigan basements with water at the floor edge are best served by an interior drain system. Exterior work makes sense when walls leak from the outside or the old tile has collapsed. We'll show you which applies to your home and why.",
    },
    {
      id: "cost",
      question: "How much does basement waterproofing cost?",
      answer:
        "Interior systems usually run about $3,000 to $8,000, depending on the length of wall and the pump you need. Exterior work varies with depth and access. Your quote is a fixed written price.",
    },
    {
      id: "warranty",
      question: "What does the lifetime transferable warranty cover?",
      answer:
        "Our waterproofing systems are warranted for the life of the home, and the warranty passes to the next owner if you sell. It's a real selling point for buyers.",
    },
    {
      id: "flooding-now",
      question: "What should I do if my basement is flooding right now?",
      answer: `Call us at ${business.phone.display}: we take emergency calls 24/7. Until we arrive, stay clear of water near outlets or appliances, move valuables up, and keep your sump pump powered if it's safe to do so.`,
    },
    {
      id: "licensed",
      question: "Are you licensed and insured?",
      answer:
        "Yes. We're a licensed Michigan contractor, fully insured, and we pull permits wherever the work calls for one, such as egress windows.",
    },
  ],
} as const;
