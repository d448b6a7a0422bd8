import { businessHours } from "@bluewater/content/hours";
import { TZDate } from "@date-fns/tz";

/** When the business is open: schema.org's openings, read in an IANA time zone. */
export interface OpeningHours {
  timeZone: string;
  openingHoursSpecification: ReadonlyArray<{
    dayOfWeek: readonly string[];
    opens: string;
    closes: string;
  }>;
}

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function minutesOfDay(time: string): [number, number] {
  const [hours = "0", minutes = "0"] = time.split(":");
  return [Number(hours), Number(minutes)];
}

/**
 * When a lead that came in at `from` is escalated if nobody marked it as called: `minutes`
 * counted inside the business hours, in the business's time zone. A lead outside them is counted
 * from the next opening (Friday 10 pm with 15 minutes: Saturday 9:15 am). A day's openings are
 * read on that day's calendar date in the zone, so daylight saving time moves them with the clock.
 */
export function escalationDueAt(
  from: Date,
  minutes: number,
  hours: OpeningHours = businessHours,
): Date {
  let remaining = minutes * 60_000;
  let day = new TZDate(from.getTime(), hours.timeZone);
  // Two weeks of days: enough to meet every opening of a weekly schedule at least once.
  for (let count = 0; count < 14; count++) {
    const [year, month, date] = [day.getFullYear(), day.getMonth(), day.getDate()];
    const weekday = weekdays[day.getDay()] ?? "";
    const openings = hours.openingHoursSpecification.filter((opening) =>
      opening.dayOfWeek.includes(weekday),
    );
    for (const opening of openings) {
      const opens = new TZDate(year, month, date, ...minutesOfDay(opening.opens), hours.timeZone);
      const closes = new TZDate(year, month, date, ...minutesOfDay(opening.closes), hours.timeZone);
      const start = Math.max(opens.getTime(), from.getTime());
      if (start >= closes.getTime()) continue;
      if (start + remaining <= closes.getTime()) return new Date(start + remaining);
      remaining -= closes.getTime() - start;
    }
    day = new TZDate(year, month, date + 1, 0, 0, hours.timeZone);
  }
  // No opening at all in the content: count plain minutes rather than never escalate.
  return new Date(from.getTime() + minutes * 60_000);
}
