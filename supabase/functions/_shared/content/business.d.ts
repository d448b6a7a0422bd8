// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/**
 * The company's identity. The client's specification leaves name and phone as placeholders,
 * so this is a fictional identity kept in one object: a real owner edits this file only.
 * 555-01xx numbers are reserved for fiction.
 */
export declare const business: {
  readonly name: "Blue Water Waterproofing";
  readonly shortName: "Blue Water";
  readonly tagline: "Basement Waterproofing & Foundation Repair";
  readonly phone: {
    readonly display: "(810) 555-0142";
    readonly e164: "+18105550142";
    readonly href: "tel:+18105550142";
  };
  readonly address: {
    readonly locality: "Marine City";
    readonly region: "MI";
    readonly regionName: "Michigan";
    readonly postalCode: "48039";
    readonly country: "US";
  };
  readonly geo: {
    readonly latitude: 42.7195;
    readonly longitude: -82.4924;
  };
  readonly siteUrl: "https://www.bluewaterwaterproofing.com";
  readonly foundedYear: 2010;
  readonly copyrightYear: 2025;
};
export type Business = typeof business;