import { business } from "@bluewater/content";

/**
 * A call button's words ("Call (810) 555-0142"): they wrap between words when the button does
 * not fit (a narrow phone, a zoomed or enlarged page), but never inside the number, at its space
 * or its hyphen. One span, so that the button's flex gap falls only beside its icon.
 */
export function CallLabel({ words }: { words: string }) {
  const { display } = business.phone;
  const at = words.indexOf(display);
  if (at < 0) return <span>{words}</span>;
  return (
    <span>
      {words.slice(0, at)}
      <span className="whitespace-nowrap">{display}</span>
      {words.slice(at + display.length)}
    </span>
  );
}
