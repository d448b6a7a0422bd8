import { cn } from "@bluewater/ui/cn";
import type { ReactNode } from "react";

const tones = {
  white: "bg-white",
  sand: "bg-sand-50",
  blue: "bg-brand-50",
} as const;

/** A section's heading copy, as the content package writes it. */
export interface SectionCopy {
  eyebrow: string;
  heading: string;
  intro?: string;
}

interface SectionProps {
  id: string;
  tone?: keyof typeof tones;
  /** Shown centered above the children; a section that places its heading itself omits it. */
  heading?: SectionCopy;
  className?: string;
  children: ReactNode;
}

/**
 * A section below the hero: an anchor the navigation can reach, a background tone and the page
 * width.
 */
export function Section({ id, tone = "white", heading, className, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn(tones[tone], className)}
      // Laid out after the first paint (src/start/layOutBelowTheHero.ts); the hero is no Section.
      data-lays-out-later=""
    >
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:py-24">
        {heading && <SectionHeading sectionId={id} {...heading} />}
        {children}
      </div>
    </section>
  );
}

interface SectionHeadingProps extends SectionCopy {
  /** The section's id: the heading becomes its accessible name. */
  sectionId: string;
  align?: "center" | "start";
}

export function SectionHeading({
  sectionId,
  eyebrow,
  heading,
  intro,
  align = "center",
}: SectionHeadingProps) {
  return (
    <div
      className={cn(
        "mb-10 flex max-w-3xl flex-col gap-3 sm:mb-12",
        align === "center" && "mx-auto items-center text-center",
      )}
    >
      <p className="text-sm font-bold tracking-widest uppercase text-brand-700">{eyebrow}</p>
      <h2
        id={`${sectionId}-heading`}
        className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl text-navy-950"
      >
        {heading}
      </h2>
      {intro && <p className="text-lg text-muted-foreground">{intro}</p>}
    </div>
  );
}
