import { business } from "./business.ts";

/** What search engines, link previews and the browser tab show. */
export const site = {
  lang: "en-US",
  title: `Basement Waterproofing & Foundation Repair in Marine City, MI | ${business.name}`,
  description:
    "Women-owned, family-run basement waterproofing and foundation repair in Marine City and Southeast Michigan. Free inspections and a lifetime transferable warranty.",
  themeColor: "#0b3a5b",
  ogImage: {
    src: "/og-image.png",
    width: 1200,
    height: 630,
    alt: `${business.name}: basement waterproofing and foundation repair in Marine City, Michigan`,
  },
  skipLink: "Skip to main content",
} as const;

export const notFoundPage = {
  title: `Page not found | ${business.name}`,
  heading: "Oops! Page not found",
  body: "The page you were looking for isn't here. Everything we offer is on our home page.",
  homeLink: "Return to Home",
  callCta: `Call ${business.phone.display}`,
  consoleMessage: "404 Error: User attempted to access non-existent route:",
} as const;
