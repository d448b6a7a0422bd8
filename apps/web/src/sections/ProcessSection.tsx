import { process, sectionIds } from "@bluewater/content";
import { Section } from "../components/Section.tsx";

export function ProcessSection() {
  return (
    <Section id={sectionIds.process} heading={process}>
      <ol className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {process.steps.map((step, index) => (
          <li
            key={step.title}
            className="relative flex flex-col gap-3 rounded-xl border border-border p-6"
          >
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-navy-900 text-lg font-extrabold text-white"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-bold text-navy-950">{step.title}</h3>
            <p className="text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
