/**
 * Towns the company drives to. The about section and the chat name every one; the footer lists
 * all but Chesterfield (see footer.ts).
 */
export const serviceAreas = [
  "Marine City",
  "St. Clair Shores",
  "Port Huron",
  "Richmond",
  "New Baltimore",
  "Chesterfield",
  "Mount Clemens",
] as const;

export const serviceAreasSuffix = "and surrounding areas";
