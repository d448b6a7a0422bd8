export interface Testimonial {
  id: string;
  name: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  service: string;
}

export const testimonials = {
  eyebrow: "Reviews",
  heading: "What our neighbors say",
  ratingLabel: (rating: number) => `Rated ${rating} out of 5`,
  items: [
    {
      id: "karen-st-clair-shores",
      name: "Karen M.",
      location: "St. Clair Shores",
      rating: 5,
      text: "Our basement took on water every spring for six years. They put in an interior drain system in two days, explained every step, and left the place cleaner than they found it. Three springs later it's bone dry.",
      service: "Interior Waterproofing",
    },
    {
      id: "dave-linda-port-huron",
      name: "Dave & Linda R.",
      location: "Port Huron",
      rating: 5,
      text: "She showed us the crack wasn't structural before quoting anything, which two other companies never mentioned. The repair took one afternoon and the bill matched the written quote to the dollar.",
      service: "Foundation Crack Repair",
    },
    {
      id: "jennifer-chesterfield",
      name: "Jennifer T.",
      location: "Chesterfield",
      rating: 5,
      text: "We needed an egress window to finish our basement bedroom. They handled the permit, the inspection and the cleanup. The room is full of daylight now and it passed inspection the first time.",
      service: "Egress Window Installation",
    },
    {
      id: "mike-marine-city",
      name: "Mike S.",
      location: "Marine City",
      rating: 5,
      text: "The musty smell in our house came from the crawl space. After the encapsulation it's gone, the floors are warmer, and the crew was polite and on time every day.",
      service: "Crawl Space Repair",
    },
  ],
  join: {
    title: "Join Our Satisfied Customers",
    text: "Find out what's behind your wet basement or cracked wall. The inspection is free, and so is the written quote.",
    cta: "Schedule Free Inspection",
  },
} as const satisfies { items: readonly Testimonial[] } & Record<string, unknown>;
