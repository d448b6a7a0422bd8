import { chatCopy, chatRules, chatTiming, defaultChatReply } from "../src/chat/index.ts";
import { contactRequestJsonSchema } from "../src/contract/contactRequestJsonSchema.ts";
import { serviceOptions } from "../src/contract/serviceOptions.ts";
import { business } from "../src/copy/business.ts";
import { claims } from "../src/copy/claims.ts";
import { faq } from "../src/copy/faq.ts";
import { gallery } from "../src/copy/gallery.ts";
import { businessHours } from "../src/copy/hours.ts";
import { serviceAreas, serviceAreasSuffix } from "../src/copy/serviceAreas.ts";
import { serviceDetails } from "../src/copy/serviceDetails.ts";
import { services } from "../src/copy/services.ts";
import { testimonials } from "../src/copy/testimonials.ts";

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
