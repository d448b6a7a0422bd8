import { Star } from "lucide-react";

const maxStars = 5;

/** Stars drawn for sighted visitors; screen readers hear the label ("Rated 5 out of 5"). */
export function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <p role="img" aria-label={label} className="flex gap-1">
      {Array.from({ length: maxStars }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items.
          key={index}
          aria-hidden="true"
          className={
            index < rating ? "size-5 fill-accent-500 text-accent-500" : "size-5 text-slate-300"
          }
        />
      ))}
    </p>
  );
}
