// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/**
 * What search engines, link previews and the browser tab show: written into the HTML by the
 * build, never needed by the page's script.
 */
export declare const site: {
  readonly lang: "en-US";
  readonly title: "Basement Waterproofing & Foundation Repair in Marine City, MI | Blue Water Waterproofing";
  readonly description: "Women-owned, family-run basement waterproofing and foundation repair in Marine City and Southeast Michigan. Free inspections and a lifetime transferable warranty.";
  readonly themeColor: "#0b3a5b";
  readonly ogImage: {
    readonly src: "/og-image.png";
    readonly width: 1200;
    readonly height: 630;
    readonly alt: "Blue Water Waterproofing: basement waterproofing and foundation repair in Marine City, Michigan";
  };
};