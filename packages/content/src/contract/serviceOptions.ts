/**
 * The values the contact form sends and the function accepts for "Service Needed": other teams
 * send them too, so a value never changes once released (docs/content.md).
 */
export const serviceOptions = [
  { value: "interior", label: "Interior Waterproofing" },
  { value: "exterior", label: "Exterior Waterproofing" },
  { value: "foundation", label: "Foundation Repair" },
  { value: "crawlspace", label: "Crawl Space Repair" },
  { value: "drainage", label: "Drainage Systems" },
  { value: "egress", label: "Egress Windows" },
  { value: "basement-finishing", label: "Basement Finishing Design" },
  { value: "other", label: "Other/Not Sure" },
] as const;

export type ServiceOption = (typeof serviceOptions)[number];
export type ServiceOptionValue = ServiceOption["value"];

const labels: ReadonlyMap<string, string> = new Map(serviceOptions.map((o) => [o.value, o.label]));

export function isServiceOptionValue(value: string): value is ServiceOptionValue {
  return labels.has(value);
}

/** The label a person reads for a stored value; empty when none was chosen. */
export function serviceOptionLabel(value: string): string {
  return labels.get(value) ?? "";
}
