/** Towns the company drives to (SPEC §2). The about section lists all; the footer the first six. */
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
