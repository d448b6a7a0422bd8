// The panel's words and rules are in the "./chat" entry, loaded with the panel; the launcher's
// words are the only chat text the page needs at once.
export { chatLauncherCopy } from "./chat/launcherCopy.ts";
// The contact contract, also its own entry: @bluewater/content/contact.
export * from "./contract/index.ts";
export { about } from "./copy/about.ts";
export { acknowledgmentEmail } from "./copy/acknowledgmentEmail.ts";
export { type Business, business } from "./copy/business.ts";
export { claims, proofBand } from "./copy/claims.ts";
export { contactSection, contactToasts } from "./copy/contact.ts";
export { faq } from "./copy/faq.ts";
export { finishing } from "./copy/finishing.ts";
export { footer } from "./copy/footer.ts";
export { type GalleryCategory, type GalleryItem, gallery } from "./copy/gallery.ts";
export { hero } from "./copy/hero.ts";
export { businessHours } from "./copy/hours.ts";
export { type ImageAsset, images } from "./copy/images.ts";
export { markContactedPage } from "./copy/markContactedPage.ts";
export { navigation, type SectionId, sectionIds } from "./copy/navigation.ts";
export { notFoundPage } from "./copy/notFoundPage.ts";
export { ownerEmail } from "./copy/ownerEmail.ts";
export { ownerSms } from "./copy/ownerSms.ts";
export { process } from "./copy/process.ts";
export { serviceAreas, serviceAreasSuffix } from "./copy/serviceAreas.ts";
export {
  type Service,
  type ServiceIcon,
  type ServiceId,
  services,
  servicesSection,
} from "./copy/services.ts";
export { site } from "./copy/site.ts";
export { type Testimonial, testimonials } from "./copy/testimonials.ts";
