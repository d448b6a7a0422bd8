import { business, hero, sectionIds } from "@bluewater/content";
import { Badge } from "@bluewater/ui/badge";
import { ButtonLink } from "@bluewater/ui/button";
import { CircleCheck, Phone } from "lucide-react";
import { CallLabel } from "../components/CallLabel.tsx";

export function HeroSection() {
  return (
    <section
      id={sectionIds.home}
      aria-labelledby="home-heading"
      className="relative overflow-hidden bg-navy-900 pt-16 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,--theme(--color-brand-600/45%),transparent_60%),radial-gradient(ellipse_at_bottom_left,--theme(--color-navy-950/80%),transparent_55%)]"
      />
      <div className="relative mx-auto grid grid-cols-1 max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.25fr_1fr] lg:items-center lg:gap-14 lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="onDark">{hero.eyebrow}</Badge>
          <h1
            id="home-heading"
            className="text-4xl leading-[1.08] font-extrabold tracking-tight max-sm:text-[min(2.25rem,10vw)] sm:text-5xl lg:text-6xl"
          >
            {hero.headline}
          </h1>
          <p className="max-w-xl text-lg text-brand-100 sm:text-xl">{hero.lead}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink href={`#${sectionIds.contact}`} size="lg">
              {hero.primaryCta}
            </ButtonLink>
            <ButtonLink href={business.phone.href} variant="onDark" size="lg">
              <Phone aria-hidden="true" />
              <CallLabel words={hero.callCta} />
            </ButtonLink>
          </div>
          <p className="text-sm font-medium text-brand-200">{hero.trustLine}</p>
        </div>
        <aside
          aria-labelledby="why-choose-us"
          className="rounded-2xl bg-white p-6 text-foreground shadow-raised sm:p-8"
        >
          <h2 id="why-choose-us" className="text-2xl font-extrabold text-navy-950">
            {hero.whyChooseUs.title}
          </h2>
          <ul className="mt-5 flex flex-col gap-5">
            {hero.whyChooseUs.points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
                <div>
                  <h3 className="font-bold text-navy-950">{point.title}</h3>
                  <p className="text-muted-foreground">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
