export { about } from "./about.ts";
export { type Business, business } from "./business.ts";
// The panel's words and rules are in the "./chat" entry, loaded with the panel; the launcher's
// words are the only chat text the page needs at once.
export { chatLauncherCopy } from "./chat/launcherCopy.ts";
export { claims, proofBand } from "./claims.ts";
export { contactSection, contactToasts } from "./contact.ts";
export { contactAnswerErrors, contactAnswerPage } from "./contactAnswer.ts";
export {
  type ContactField,
  type ContactRequest,
  type ContactRequestCheck,
  type ContactRequestErrors,
  checkContactRequest,
  contactFields,
  contactRequestErrors,
  contactRequestLimits,
  firstInvalidField,
} from "./contactRequest.ts";
export {
  apiKeyField,
  type ContactSubmission,
  contactSentFragment,
  honeypotField,
  isRequestId,
  maxSubmissionBytes,
  minimumFillMs,
} from "./contactSubmission.ts";
export { faq } from "./faq.ts";
export { finishing } from "./finishing.ts";
export { footer } from "./footer.ts";
export { type GalleryCategory, type GalleryItem, gallery } from "./gallery.ts";
export { hero } from "./hero.ts";
export { businessHours } from "./hours.ts";
export { type ImageAsset, images } from "./images.ts";
export { navigation, type SectionId, sectionIds } from "./navigation.ts";
export { notFoundPage } from "./notFoundPage.ts";
export { ownerEmail } from "./ownerEmail.ts";
export { process } from "./process.ts";
export { serviceAreas, serviceAreasSuffix } from "./serviceAreas.ts";
export {
  isServiceOptionValue,
  type ServiceOption,
  type ServiceOptionValue,
  serviceOptionLabel,
  serviceOptions,
} from "./serviceOptions.ts";
export {
  type Service,
  type ServiceIcon,
  type ServiceId,
  services,
  servicesSection,
} from "./services.ts";
export { site } from "./site.ts";
export { type Testimonial, testimonials } from "./testimonials.ts";
