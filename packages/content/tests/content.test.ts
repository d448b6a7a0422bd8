import { describe, expect, it } from "vitest";
import * as chat from "../src/chat/index.ts";
import { contactRequestJsonSchema } from "../src/contract/contactRequestJsonSchema.ts";
import { serviceDetails } from "../src/copy/serviceDetails.ts";
import * as content from "../src/index.ts";
import {
  about,
  business,
  checkContactRequest,
  claims,
  contactToasts,
  faq,
  finishing,
  footer,
  gallery,
  hero,
  images,
  navigation,
  notFoundPage,
  sectionIds,
  serviceAreas,
  serviceOptions,
  services,
  servicesSection,
  testimonials,
} from "../src/index.ts";
import { validRequest } from "./support/sampleRequests.ts";

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
const duplicates = (values: readonly unknown[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

/** Every string reachable from a value, with the path that leads to it. */
function stringsIn(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsIn(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${path}.${key}`));
  }
  return [];
}

const everyText = [
  ...stringsIn(content, "content"),
  ...stringsIn(chat, "chat"),
  ...stringsIn(serviceDetails, "serviceDetails"),
];

describe("texts the client quoted word for word", () => {
  it.each<[string, string, string]>([
    ["the 404 heading", notFoundPage.heading, "Oops! Page not found"],
    ["the 404 link", notFoundPage.homeLink, "Return to Home"],
    ["the ownership claim", claims.ownership, "Women-Owned & Family-Operated Since 2010"],
    ["the hero's button", hero.primaryCta, "Schedule Free Inspection"],
    ["the hero's panel", hero.whyChooseUs.title, "Why choose us"],
    ["each service card's button", servicesSection.learnMore, "Learn More"],
    [
      "the line under the services",
      servicesSection.servingLine,
      "Serving Marine City and all of Southeast Michigan",
    ],
    ["the button under the services", servicesSection.cta, "Get Your Free Inspection Today"],
    ["the about quote's title", about.promise.title, "Our Promise"],
    ["the gallery's title", gallery.heading, "Solutions we provide"],
    ["the block after the reviews", testimonials.join.title, "Join Our Satisfied Customers"],
    ["the finishing gallery button", finishing.galleryCta, "View Finishing Gallery"],
    [
      "the finishing consultation button",
      finishing.consultationCta,
      "Get Your Free Design Consultation",
    ],
    ["the footer's credentials", footer.credentials, "Licensed • Insured • Lifetime Warranty"],
    ["the success toast's title", contactToasts.success.title, "Inspection Requested!"],
    [
      "the success toast's text",
      contactToasts.success.description,
      "We'll contact you within 24 hours to schedule your free inspection.",
    ],
    ["the failure toast's title", contactToasts.failure.title, "Error"],
    [
      "the failure toast's text",
      contactToasts.failure.description,
      "Failed to send your request. Please try calling us directly.",
    ],
  ])("%s", (_where, actual, quoted) => {
    expect(actual).toBe(quoted);
  });

  it("the hero's call button says Call and shows the phone number", () => {
    expect(hero.callCta.startsWith("Call ")).toBe(true);
    expect(hero.callCta).toContain(business.phone.display);
  });
});

describe("every text", () => {
  it("says something: no empty or blank string anywhere in the content", () => {
    expect(everyText.filter(([, text]) => text.trim() === "").map(([path]) => path)).toEqual([]);
  });

  it("writes phone numbers one way, (810) 555-0142", () => {
    const phoneLike = /\+?\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}/g;
    const readable = everyText.filter(([path]) => !/\.(e164|href)$/.test(path));
    const misformatted = readable.flatMap(([path, text]) =>
      [...text.matchAll(phoneLike)]
        .map((match) => match[0])
        .filter((phone) => !/^\(\d{3}\) \d{3}-\d{4}$/.test(phone))
        .map((phone) => `${path}: ${phone}`),
    );
    expect(misformatted).toEqual([]);
    expect(readable.some(([, text]) => text.includes(business.phone.display))).toBe(true);
  });

  it("gives the one phone number the same digits in every form", () => {
    const digits = (text: string) => text.replace(/\D/g, "");
    expect(digits(business.phone.e164)).toBe(`1${digits(business.phone.display)}`);
    expect(business.phone.href).toBe(`tel:${business.phone.e164}`);
  });
});

describe("services", () => {
  it("are six cards of three features each, with distinct ids and titles", () => {
    expect(services).toHaveLength(6);
    for (const service of services) expect(service.features).toHaveLength(3);
    expect(duplicates(ids(services))).toEqual([]);
    expect(duplicates(services.map((service) => service.title))).toEqual([]);
  });

  it("each have details with steps and an image with alt text", () => {
    for (const service of services) {
      const details = serviceDetails[service.id];
      expect(details.steps.length).toBeGreaterThanOrEqual(3);
      expect(details.image.alt.trim()).not.toBe("");
      expect(Object.values(images)).toContain(details.image);
    }
  });

  it("each preselect a different service option the schema accepts", () => {
    const options = services.map((service) => service.option);
    expect(duplicates(options)).toEqual([]);
    for (const service of options) {
      expect(checkContactRequest({ ...validRequest, service }).ok).toBe(true);
    }
  });
});

describe("service options", () => {
  it("are eight, with distinct values and labels, and the empty choice is not one of them", () => {
    expect(serviceOptions).toHaveLength(8);
    expect(duplicates(serviceOptions.map((option) => option.value))).toEqual([]);
    expect(duplicates(serviceOptions.map((option) => option.label))).toEqual([]);
    expect(serviceOptions.map((option) => option.value)).not.toContain("");
  });

  it("are values the schema and its JSON Schema both accept", () => {
    const jsonSchema = JSON.stringify(contactRequestJsonSchema());
    for (const { value } of serviceOptions) {
      expect(checkContactRequest({ ...validRequest, service: value }).ok).toBe(true);
      expect(jsonSchema).toContain(JSON.stringify(value));
    }
  });

  it("are lower-case slugs, safe in a URL, a CSV cell or another language's enum", () => {
    for (const { value } of serviceOptions) expect(value).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
  });
});

describe("images", () => {
  it("each have alt text, a size and a file under /images, none shown twice in the gallery", () => {
    for (const image of Object.values(images)) {
      expect(image.alt.trim().length).toBeGreaterThan(20);
      expect(image.src).toMatch(/^\/images\/.+\.(svg|png|jpe?g|webp|avif)$/);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    expect(duplicates(Object.values(images).map((image) => image.src))).toEqual([]);
    expect(duplicates(gallery.items.map((item) => item.image))).toEqual([]);
  });
});

describe("gallery", () => {
  it("has six items, one per category, with distinct ids", () => {
    expect(gallery.items).toHaveLength(6);
    expect(duplicates(gallery.items.map((item) => item.category))).toEqual([]);
    expect(duplicates(ids(gallery.items))).toEqual([]);
  });
});

describe("testimonials", () => {
  it("are four five-star reviews with distinct ids", () => {
    expect(testimonials.items).toHaveLength(4);
    for (const review of testimonials.items) expect(review.rating).toBe(5);
    expect(duplicates(ids(testimonials.items))).toEqual([]);
  });

  it("each name a service the company offers and a town it serves", () => {
    const offered = [
      ...services.map((service) => service.title),
      ...serviceOptions.map((option) => option.label),
    ];
    for (const review of testimonials.items) {
      expect(offered).toContain(review.service);
      expect(serviceAreas).toContain(review.location);
    }
  });
});

describe("about and basement finishing", () => {
  it("has four badges, six finishing ideas with distinct ids and three photos", () => {
    expect(about.badges).toHaveLength(4);
    expect(finishing.ideas).toHaveLength(6);
    expect(duplicates(ids(finishing.ideas))).toEqual([]);
    expect(finishing.photos).toHaveLength(3);
    expect(duplicates(ids(finishing.photos))).toEqual([]);
  });

  it("serves seven towns, each named once", () => {
    expect(serviceAreas).toHaveLength(7);
    expect(duplicates(serviceAreas)).toEqual([]);
  });
});

describe("navigation and footer", () => {
  it("link five distinct sections that exist", () => {
    expect(navigation.items).toHaveLength(5);
    expect(duplicates(Object.values(sectionIds))).toEqual([]);
    expect(duplicates(navigation.items.map((item) => item.sectionId))).toEqual([]);
    for (const item of navigation.items) {
      expect(Object.values(sectionIds)).toContain(item.sectionId);
    }
  });

  it("footer lists six of the form's services and six of the towns", () => {
    expect(footer.services).toHaveLength(6);
    for (const label of footer.services) {
      expect(serviceOptions.map((option) => option.label)).toContain(label);
    }
    expect(footer.areas).toHaveLength(6);
    for (const town of footer.areas) expect(serviceAreas).toContain(town);
    expect(footer.copyright).toContain(String(business.copyrightYear));
  });
});

describe("FAQ", () => {
  it("answers at least five questions, each once", () => {
    expect(faq.items.length).toBeGreaterThanOrEqual(5);
    expect(duplicates(ids(faq.items))).toEqual([]);
    expect(duplicates(faq.items.map((item) => item.question))).toEqual([]);
  });
});
