import { images } from "./images.ts";

export const finishing = {
  eyebrow: "Basement finishing",
  heading: "Turn your dry basement into the best room in the house",
  intro:
    "Once the water is handled, the space below your home is ready to live in. We design and build finished basements that stay dry, because we waterproofed them first.",
  ideas: [
    {
      id: "family-room",
      icon: "sofa",
      title: "Family Room Conversions",
      text: "A warm, open room for movie nights and game days, with lighting and flooring made for below grade.",
    },
    {
      id: "home-theater",
      icon: "clapperboard",
      title: "Home Theater Rooms",
      text: "Dark walls, quiet framing and wiring for a big screen and surround sound.",
    },
    {
      id: "game-room",
      icon: "gamepad",
      title: "Game & Recreation Rooms",
      text: "Space for a pool table, a bar or a gym, with durable floors that shrug off spills.",
    },
    {
      id: "home-office",
      icon: "briefcase",
      title: "Home Office Spaces",
      text: "A quiet workspace away from the household, brightened by an egress window.",
    },
    {
      id: "guest-suite",
      icon: "bed",
      title: "Guest Suites",
      text: "A bedroom with a code-compliant egress window and a bathroom, so guests have their own floor.",
    },
    {
      id: "custom-design",
      icon: "pencil-ruler",
      title: "Custom Designs",
      text: "Tell us how you want to use the space and we'll draw a plan around your home and budget.",
    },
  ],
  photos: [
    {
      id: "family-room",
      caption: "A family room with space for everyone",
      image: images.finishedFamilyRoom,
    },
    {
      id: "home-theater",
      caption: "A home theater with tiered seating",
      image: images.finishedHomeTheater,
    },
    {
      id: "home-office",
      caption: "A home office lit by an egress window",
      image: images.finishedHomeOffice,
    },
  ],
  /** The photos' anchor: "View Finishing Gallery" leads there when the app is not running. */
  photosId: "finishing-photos",
  galleryCta: "View Finishing Gallery",
  gallery: {
    title: "Finished basement ideas",
    description:
      "Three of the rooms homeowners ask us for most. Use the arrows or swipe to browse.",
    previous: "Previous photo",
    next: "Next photo",
    close: "Close gallery",
    position: (index: number, total: number) => `Photo ${index} of ${total}`,
  },
  consultationCta: "Get Your Free Design Consultation",
} as const;
