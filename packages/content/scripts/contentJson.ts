import { business } from "../src/business.ts";
import { chatCopy, chatRules, chatTiming, defaultChatReply } from "../src/chat/index.ts";
import { claims } from "../src/claims.ts";
import { contactRequestJsonSchema } from "../src/contactRequestJsonSchema.ts";
import { faq } from "../src/faq.ts";
import { gallery } from "../src/gallery.ts";
import { businessHours } from "../src/hours.ts";
import { serviceAreas, serviceAreasSuffix } from "../src/serviceAreas.ts";
import { serviceDetails } from "../src/serviceDetails.ts";
import { serviceOptions } from "../src/serviceOptions.ts";
import { services } from "../src/services.ts";
import { testimonials } from "../src/testimonials.ts";

/**
 * The content as JSON, for teams that do not run JavaScript: file name and value. The package's
 * build writes each to `dist/json/`, exported as `@bluewater/content/json/<name>`.
 */
export const contentJsonFiles: Record<string, unknown> = {
  "business.json": { ...business, claims, serviceAreas, serviceAreasSuffix },
  "services.json": services.map((service) => ({ ...service, details: serviceDetails[service.id] })),
  "service-options.json": serviceOptions,
  "gallery.json": gallery.items,
  "testimonials.json": testimonials.items,
  "faq.json": faq.items,
  "hours.json": businessHours,
  "chat.json": {
    matching:
      "A message gets the reply of the first rule, in order, with a keyword the lower-cased message contains; otherwise the default reply.",
    rules: chatRules,
    defaultReply: defaultChatReply,
    quickQuestions: chatCopy.quickQuestions,
    replyDelayMs: chatTiming.replyDelayMs,
    quickQuestionDelayMs: chatTiming.quickQuestionDelayMs,
  },
  "contact-request.schema.json": contactRequestJsonSchema(),
};
