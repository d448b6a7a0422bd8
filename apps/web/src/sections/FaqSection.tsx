import { faq, sectionIds } from "@bluewater/content";
import { ChevronDown } from "lucide-react";
import { Section } from "../components/Section.tsx";

/** Native disclosure widgets: they open without script and every answer is in the HTML. */
export function FaqSection() {
  return (
    <Section id={sectionIds.faq} tone="sand" heading={faq}>
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        {faq.items.map((item) => (
          <details key={item.id} className="group rounded-xl bg-white shadow-card">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 text-lg font-bold text-navy-950 hover:bg-brand-50/60">
              <h3>{item.question}</h3>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
