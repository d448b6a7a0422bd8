import { proofBand, sectionIds } from "@bluewater/content";

/** The figures a homeowner checks before calling, on one navy band. */
export function ProofBand() {
  return (
    <section
      id={sectionIds.proof}
      aria-labelledby="proof-heading"
      className="bg-navy-900 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="proof-heading" className="sr-only">
          {proofBand.heading}
        </h2>
        {/* A list in the order it is seen, figure then words: a screen reader says "Licensed &
            fully insured", where a term-first list said "& fully insured: Licensed". */}
        <ul className="grid grid-cols-2 gap-x-6 gap-y-8 text-center md:grid-cols-5">
          {proofBand.items.map((item) => (
            <li key={item.label} className="flex flex-col gap-1 last:col-span-2 md:last:col-span-1">
              {/* Five columns from md: 125 px at 768, where "Licensed" in 4xl needs 154. On a phone
                  the size stops at 10vw, so "1,000+" keeps to its column with text at 150%. */}
              <span className="text-3xl font-extrabold text-accent-400 max-sm:text-[min(1.875rem,10vw)] sm:text-4xl md:text-2xl lg:text-4xl">
                {item.value}
              </span>{" "}
              <span className="text-sm font-medium text-brand-100">{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
