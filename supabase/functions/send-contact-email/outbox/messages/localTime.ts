import { businessHours } from "@bluewater/content/hours";
import { markContactedPage } from "@bluewater/content/mark-contacted-page";

// The site's language, in which the owner's pages and messages are written.
const { lang } = markContactedPage;

const dateAndTime = new Intl.DateTimeFormat(lang, {
  timeZone: businessHours.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});

const clockTime = new Intl.DateTimeFormat(lang, {
  timeZone: businessHours.timeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** A moment as the owner reads it: in the business's time zone, in the site's language. */
export function localTime(date: Date): string {
  return dateAndTime.format(date);
}

/**
 * The time of day in the business's time zone ("2:14 PM"), with plain spaces: ICU puts a narrow
 * no-break space before AM/PM, which is outside the GSM alphabet of a text.
 */
export function timeOfDay(date: Date): string {
  return clockTime.format(date).replace(/\s/gu, " ");
}
