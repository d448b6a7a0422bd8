import { Icon } from "@bluewater/ui/icon";

const maxStars = 5;

/** Stars drawn for sighted visitors; screen readers hear the label ("Rated 5 out of 5"). */
export function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <p role="img" aria-label={label} className="flex gap-1">
      {Array.from({ length: maxStars }, (_, index) => (
        <Icon
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items.
          key={index}
          name={index < rating ? "star-filled" : "star"}
          className={index < rating ? "size-5 text-accent-500" : "size-5 text-slate-300"}
        />
      ))}
    </p>
  );
}
