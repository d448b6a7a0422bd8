// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
/**
 * The values the contact form sends and the function accepts for "Service Needed": other teams
 * send them too, so a value never changes once released (docs/content.md).
 */
export declare const serviceOptions: readonly [{
  readonly value: "interior";
  readonly label: "Interior Waterproofing";
}, {
  readonly value: "exterior";
  readonly label: "Exterior Waterproofing";
}, {
  readonly value: "foundation";
  readonly label: "Foundation Repair";
}, {
  readonly value: "crawlspace";
  readonly label: "Crawl Space Repair";
}, {
  readonly value: "drainage";
  readonly label: "Drainage Systems";
}, {
  readonly value: "egress";
  readonly label: "Egress Windows";
}, {
  readonly value: "basement-finishing";
  readonly label: "Basement Finishing Design";
}, {
  readonly value: "other";
  readonly label: "Other/Not Sure";
}];
export type ServiceOption = (typeof serviceOptions)[number];
export type ServiceOptionValue = ServiceOption["value"];
export declare function isServiceOptionValue(value: string): value is ServiceOptionValue;
/** The label a person reads for a stored value; empty when none was chosen. */
export declare function serviceOptionLabel(value: string): string;