import { business } from "./business.ts";

/**
 * What search engines, link previews and the browser tab show: written into the HTML by the
 * build, never needed by the page's script.
 */
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
} as const;
