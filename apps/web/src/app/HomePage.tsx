import { navigation } from "@bluewater/content";
import { Suspense } from "react";
import { ChatWidget } from "../chat/ChatWidget.tsx";
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

/** The sections after the hero, in the order docs/page.md lists. */
const sectionsBelowTheHero = [
  ServicesSection,
  AboutSection,
  GallerySection,
  TestimonialsSection,
  FinishingSection,
  ProcessSection,
  ProofBand,
  FaqSection,
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
        <HeroSection />
        {sectionsBelowTheHero.map((Section, index) => (
          // Each hydrates apart, so React commits the page in several short tasks, not one long
          // one that would keep a tap waiting on a slow phone.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed.
          <Suspense key={index} fallback={null}>
            <Section />
          </Suspense>
        ))}
      </main>
      <SiteFooter />
      <ChatWidget />
    </ServiceRequestProvider>
  );
}
