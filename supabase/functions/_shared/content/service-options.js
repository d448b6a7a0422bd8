// Generated from the build of packages/content by `pnpm --filter @bluewater/supabase sync-content`. Edit packages/content/src.
// @ts-self-types="./service-options.d.ts"
// src/serviceOptions.ts
/**
* The values the contact form sends and the function accepts for "Service Needed": other teams
* send them too, so a value never changes once released (docs/content.md).
*/
const serviceOptions = [
	{
		value: "interior",
		label: "Interior Waterproofing"
	},
	{
		value: "exterior",
		label: "Exterior Waterproofing"
	},
	{
		value: "foundation",
		label: "Foundation Repair"
	},
	{
		value: "crawlspace",
		label: "Crawl Space Repair"
	},
	{
		value: "drainage",
		label: "Drainage Systems"
	},
	{
		value: "egress",
		label: "Egress Windows"
	},
	{
		value: "basement-finishing",
		label: "Basement Finishing Design"
	},
	{
		value: "other",
		label: "Other/Not Sure"
	}
];
const labels = new Map(serviceOptions.map((o) => [o.value, o.label]));
function isServiceOptionValue(value) {
	return labels.has(value);
}
/** The label a person reads for a stored value; empty when none was chosen. */
function serviceOptionLabel(value) {
	return labels.get(value) ?? "";
}
export { isServiceOptionValue, serviceOptionLabel, serviceOptions };
