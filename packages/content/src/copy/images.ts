/**
 * Every picture the page shows. The files are drawn SVG illustrations served from the web app's
 * `public/images`; replacing one with a photo means changing its entry here (a raster `src`
 * goes through the web app's image pipeline, which adds AVIF/WebP widths).
 */
export interface ImageAsset {
  src: string;
  alt: string;
  width: number;
  height: number;
}

function illustration(path: string, alt: string): ImageAsset {
  return { src: `/images/${path}.svg`, alt, width: 800, height: 600 };
}

export const images = {
  interiorDrainTile: illustration(
    "solutions/interior-drain-tile",
    "Cross-section of a basement wall with a perforated drain tile beside the footing, under the floor, carrying water to a sealed sump pump that pumps it outside.",
  ),
  foundationCrackRepair: illustration(
    "solutions/foundation-crack-repair",
    "A poured concrete foundation wall with a crack filled by injection ports and sealed with polyurethane, and a carbon fiber strap across it.",
  ),
  exteriorMembrane: illustration(
    "solutions/exterior-membrane",
    "Cross-section of an excavated foundation wall coated with a waterproof membrane and drainage board, with new drain tile in gravel at the footing.",
  ),
  crawlSpaceEncapsulation: illustration(
    "solutions/crawl-space-encapsulation",
    "A crawl space lined wall to wall with a heavy white vapor barrier, sealed vents and a dehumidifier.",
  ),
  egressWindow: illustration(
    "solutions/egress-window",
    "Cross-section of a basement egress window with a deep window well, a ladder, gravel drainage at the bottom and a clear cover.",
  ),
  yardDrainage: illustration(
    "solutions/yard-drainage",
    "A house with downspouts feeding buried drain lines and a French drain that carry rainwater away across a graded yard.",
  ),
  finishedFamilyRoom: illustration(
    "finishing/family-room",
    "A finished basement family room with a sectional sofa, rug, warm lighting and an egress window.",
  ),
  finishedHomeTheater: illustration(
    "finishing/home-theater",
    "A basement home theater with a large screen, tiered seating and dimmed lights.",
  ),
  finishedHomeOffice: illustration(
    "finishing/home-office",
    "A bright basement home office with a desk, shelving and a window well letting in daylight.",
  ),
} as const satisfies Record<string, ImageAsset>;
