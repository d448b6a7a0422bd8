/**
 * Business hours (docs/content.md), in the words shown and in schema.org's form for the JSON-LD.
 * The contact function counts a lead's escalation time inside `openingHoursSpecification`, read
 * in `timeZone` (the business's own, in Michigan).
 */
export const businessHours = {
  /** IANA time zone of the hours below. */
  timeZone: "America/Detroit",
  heading: "Business Hours",
  rows: [
    { days: "Monday – Friday", hours: "8:00 AM – 6:00 PM" },
    { days: "Saturday", hours: "9:00 AM – 4:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  openingHoursSpecification: [
    {
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
    { dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
  ],
  emergencyNote: "Water coming in right now? We answer emergency calls 24/7.",
} as const;
