import { describe, expect, it } from "vitest";
import {
  about,
  business,
  claims,
  faq,
  finishing,
  footer,
  gallery,
  hero,
  navigation,
  sectionIds,
  serviceAreas,
  serviceOptions,
  services,
  testimonials,
} from "../src/index.ts";
import { serviceDetails } from "../src/serviceDetails.ts";

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe("business identity", () => {
  it("is the fictional identity of DESIGN.md, in one object", () => {
    expect(business.name).toBe("Blue Water Waterproofing");
    expect(business.phone.display).toBe("(810) 555-0142");
    expect(business.phone.href).toBe("tel:+18105550142");
    expect(business.address.locality).toBe("Marine City");
    expect(business.address.region).toBe("MI");
  });

  it("states every claim of SPEC §1", () => {
    expect(claims.yearsExperience).toBe("20+");
    expect(claims.basementsProtected).toBe("1,000+");
    expect(claims.rating).toBe("4.9/5");
    expect(claims.ownership).toBe("Women-Owned & Family-Operated Since 2010");
    expect(claims.warranty).toMatch(/lifetime transferable warranty/i);
    expect(claims.credentials).toMatch(/licensed & insured/i);
  });
});

describe("service options (SPEC §3)", () => {
  it("are exactly the eight values and labels, in order", () => {
    expect(serviceOptions.map((o) => [o.value, o.label])).toEqual([
      ["interior", "Interior Waterproofing"],
      ["exterior", "Exterior Waterproofing"],
      ["foundation", "Foundation Repair"],
      ["crawlspace", "Crawl Space Repair"],
      ["drainage", "Drainage Systems"],
      ["egress", "Egress Windows"],
      ["basement-finishing", "Basement Finishing Design"],
      ["other", "Other/Not Sure"],
    ]);
  });
});

describe("services", () => {
  it("are the six cards of SPEC §2, each with three features and details", () => {
    expect(services.map((s) => s.title)).toEqual([
      "Interior Basement Waterproofing",
      "Exterior Basement Waterproofing",
      "Foundation Crack Repair",
      "Crawl Space Repair",
      "Egress Window Installation",
      "Drainage Systems",
    ]);
    for (const service of services) {
      expect(service.features).toHaveLength(3);
      expect(service.description.length).toBeGreaterThan(40);
      expect(serviceDetails[service.id].steps.length).toBeGreaterThanOrEqual(3);
    }
    expect(unique(ids(services))).toBe(true);
  });

  it("each preselects a distinct service option in the form", () => {
    const options = services.map((s) => s.option);
    expect(unique(options)).toBe(true);
    for (const option of options) expect(serviceOptions.map((o) => o.value)).toContain(option);
  });
});

describe("gallery", () => {
  it("has six items, one per category of SPEC §2, each with an image and alt text", () => {
    expect(gallery.heading).toBe("Solutions we provide");
    expect(gallery.items.map((item) => item.category)).toEqual([
      "Interior Work",
      "Foundation Repair",
      "Exterior Work",
      "Crawl Space",
      "Windows",
      "Drainage",
    ]);
    for (const item of gallery.items) {
      expect(item.image.src).toMatch(/^\/images\/.+\.(svg|png|jpe?g|webp|avif)$/);
      expect(item.image.alt.length).toBeGreaterThan(20);
      expect(item.image.width).toBeGreaterThan(0);
      expect(item.image.height).toBeGreaterThan(0);
    }
    expect(unique(ids(gallery.items))).toBe(true);
  });
});

describe("testimonials", () => {
  it("are four five-star reviews with a name, location and service", () => {
    expect(testimonials.items).toHaveLength(4);
    for (const review of testimonials.items) {
      expect(review.rating).toBe(5);
      expect(review.name).not.toBe("");
      expect(review.location).not.toBe("");
      expect(review.service).not.toBe("");
    }
    expect(testimonials.join.title).toBe("Join Our Satisfied Customers");
    expect(unique(ids(testimonials.items))).toBe(true);
  });
});

describe("about", () => {
  it("has the four badges, the service areas and the promise of SPEC §2", () => {
    expect(about.badges.map((b) => b.title)).toEqual([
      "Women-Owned",
      "20+ Years",
      "Local Experts",
      "Family Values",
    ]);
    expect(serviceAreas).toEqual([
      "Marine City",
      "St. Clair Shores",
      "Port Huron",
      "Richmond",
      "New Baltimore",
      "Chesterfield",
      "Mount Clemens",
    ]);
    expect(about.promise.title).toBe("Our Promise");
    expect(about.promise.quote).toMatch(/no high-pressure sales/i);
    expect(about.promise.quote).toMatch(/no surprise costs/i);
  });
});

describe("basement finishing", () => {
  it("has the six ideas and three photos of SPEC §2", () => {
    expect(finishing.ideas.map((idea) => idea.title)).toEqual([
      "Family Room Conversions",
      "Home Theater Rooms",
      "Game & Recreation Rooms",
      "Home Office Spaces",
      "Guest Suites",
      "Custom Designs",
    ]);
    expect(finishing.photos).toHaveLength(3);
    expect(finishing.galleryCta).toBe("View Finishing Gallery");
    expect(finishing.consultationCta).toBe("Get Your Free Design Consultation");
  });
});

describe("navigation and footer", () => {
  it("links the five sections of SPEC §2", () => {
    expect(navigation.items.map((item) => [item.label, item.sectionId])).toEqual([
      ["Home", "home"],
      ["Services", "services"],
      ["About", "about"],
      ["Gallery", "gallery"],
      ["Contact", "contact"],
    ]);
    expect(unique(Object.values(sectionIds))).toBe(true);
  });

  it("lists the footer services and areas of SPEC §2", () => {
    expect(footer.services).toEqual([
      "Interior Waterproofing",
      "Exterior Waterproofing",
      "Foundation Repair",
      "Crawl Space Repair",
      "Drainage Systems",
      "Egress Windows",
    ]);
    expect(footer.areas).toEqual([
      "Marine City",
      "St. Clair Shores",
      "Port Huron",
      "Richmond",
      "New Baltimore",
      "Mount Clemens",
    ]);
    expect(footer.copyright).toContain("2025");
    expect(footer.credentials).toBe("Licensed • Insured • Lifetime Warranty");
  });
});

describe("hero and FAQ", () => {
  it("keeps the CTA texts and the three 'why choose us' points", () => {
    expect(hero.primaryCta).toBe("Schedule Free Inspection");
    expect(hero.callCta).toContain(business.phone.display);
    expect(hero.whyChooseUs.points.map((p) => p.title)).toEqual([
      "Lifetime Transferable Warranty",
      "Owner-Operated",
      "20+ Years Experience",
    ]);
  });

  it("answers each question once", () => {
    expect(faq.items.length).toBeGreaterThanOrEqual(5);
    expect(unique(ids(faq.items))).toBe(true);
  });
});
