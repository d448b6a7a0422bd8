import { navigation } from "@bluewater/content";
import { Suspense } from "react";
import { ChatWidget } from "../chat/ChatWidget.tsx";
import { staticHtml } from "../components/StaticHtml.tsx";
import { ContactSection } from "../contact/ContactSection.tsx";
import { ServiceRequestProvider } from "../contact/serviceRequest.tsx";
import { FinishingSection } from "../finishing/FinishingSection.tsx";
import { SiteFooter } from "../layout/SiteFooter.tsx";
import { SiteHeader } from "../layout/SiteHeader.tsx";
import { AboutSection } from "../sections/AboutSection.tsx";
import { FaqSection } from "../sections/FaqSection.tsx";
import { GallerySection } from "../sections/GallerySection.tsx";
import { HeroSection } from "../sections/HeroSection.tsx";
import { ProcessSection } from "../sections/ProcessSection.tsx";
import { ProofBand } from "../sections/ProofBand.tsx";
import { TestimonialsSection } from "../sections/TestimonialsSection.tsx";
import { ServicesSection } from "../services/ServicesSection.tsx";
import { useHydratedMarker } from "./useHydratedMarker.ts";

// `import.meta.env.SSR &&`: the prerender renders these parts, the app keeps their HTML as served.
const Hero = staticHtml(import.meta.env.SSR && HeroSection);
const Footer = staticHtml(import.meta.env.SSR && SiteFooter);

/** The sections after the hero, in the order docs/page.md lists. */
const sectionsBelowTheHero = [
  staticHtml(import.meta.env.SSR && ServicesSection),
  staticHtml(import.meta.env.SSR && AboutSection),
  staticHtml(import.meta.env.SSR && GallerySection),
  staticHtml(import.meta.env.SSR && TestimonialsSection),
  staticHtml(import.meta.env.SSR && FinishingSection),
  staticHtml(import.meta.env.SSR && ProcessSection),
  staticHtml(import.meta.env.SSR && ProofBand),
  staticHtml(import.meta.env.SSR && FaqSection),
  ContactSection,
];

/** The landing page: its sections in the order docs/page.md lists. */
export function HomePage() {
  useHydratedMarker();
  return (
    <ServiceRequestProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {navigation.skipLink}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        {sectionsBelowTheHero.map((Section, index) => (
          // Each hydrates apart, so React commits the page in several short tasks, not one long
          // one that would keep a tap waiting on a slow phone.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed.
          <Suspense key={index} fallback={null}>
            <Section />
          </Suspense>
        ))}
      </main>
      <Footer />
      <ChatWidget />
    </ServiceRequestProvider>
  );
}
