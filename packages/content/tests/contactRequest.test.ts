import { describe, expect, it } from "vitest";
import {
  checkContactRequest,
  contactRequestErrors,
  contactRequestLimits,
  firstInvalidField,
} from "../src/contactRequest.ts";
import { isRequestId } from "../src/contactSubmission.ts";

const valid = {
  name: "Jane Smith",
  phone: "(586) 555-0123",
  email: "jane@example.com",
  service: "interior",
  message: "Water along the back wall after heavy rain.",
};

describe("checkContactRequest", () => {
  it("accepts a complete request and trims every field", () => {
    const check = checkContactRequest({ ...valid, name: "  Jane Smith  " });
    expect(check).toEqual({ ok: true, value: valid });
  });

  it("accepts an empty service and an empty message (SPEC §5: optional)", () => {
    const check = checkContactRequest({ ...valid, service: "", message: undefined });
    expect(check.ok && check.value).toMatchObject({ service: "", message: "" });
  });

  it("requires name, phone and email, reporting each field with its message", () => {
    const check = checkContactRequest({ name: " ", phone: "", email: "" });
    expect(check).toEqual({
      ok: false,
      errors: {
        name: contactRequestErrors.nameRequired,
        phone: contactRequestErrors.phoneRequired,
        email: contactRequestErrors.emailRequired,
      },
    });
  });

  it.each([
    "jane",
    "jane@",
    "@example.com",
    "jane@example",
    "jane smith@example.com",
    "jane@exa mple.com",
    "jane@example.com\r\nBcc: x@y.z",
  ])("refuses the email %j", (email) => {
    expect(checkContactRequest({ ...valid, email })).toEqual({
      ok: false,
      errors: { email: contactRequestErrors.emailInvalid },
    });
  });

  it.each([
    "586 555 0123",
    "+1 (586) 555-0123",
    "586.555.0123",
    "5865550123",
    "(586) 555-0123 ext. 12",
  ])("accepts the phone %j", (phone) => {
    expect(checkContactRequest({ ...valid, phone }).ok).toBe(true);
  });

  it.each(["555-012", "call me", "586-555-0123; DROP TABLE", "1234567890123456", "<script>"])(
    "refuses the phone %j",
    (phone) => {
      expect(checkContactRequest({ ...valid, phone })).toEqual({
        ok: false,
        errors: { phone: contactRequestErrors.phoneInvalid },
      });
    },
  );

  it("refuses a service that is not one of the eight values", () => {
    expect(checkContactRequest({ ...valid, service: "roofing" })).toEqual({
      ok: false,
      errors: { service: contactRequestErrors.serviceInvalid },
    });
  });

  it("bounds every text field", () => {
    const tooLong = checkContactRequest({
      ...valid,
      name: "n".repeat(contactRequestLimits.name + 1),
      email: `${"e".repeat(contactRequestLimits.email)}@example.com`,
      phone: `586${" ".repeat(contactRequestLimits.phone)}5550123`,
      message: "m".repeat(contactRequestLimits.message + 1),
    });
    expect(tooLong.ok).toBe(false);
    expect(!tooLong.ok && Object.keys(tooLong.errors)).toEqual([
      "name",
      "phone",
      "email",
      "message",
    ]);
    const atLimit = checkContactRequest({
      ...valid,
      name: "n".repeat(contactRequestLimits.name),
      message: "m".repeat(contactRequestLimits.message),
    });
    expect(atLimit.ok).toBe(true);
  });

  it("refuses values that are not text, and the NUL character Postgres cannot store", () => {
    expect(checkContactRequest({ ...valid, name: 42 })).toEqual({
      ok: false,
      errors: { name: contactRequestErrors.notText },
    });
    expect(checkContactRequest({ ...valid, message: "a\u0000b" })).toEqual({
      ok: false,
      errors: { message: contactRequestErrors.unsupportedCharacter },
    });
  });

  it("keeps hostile but storable text verbatim: line breaks, HTML, control characters, emoji", () => {
    const message = "Line 1\r\nLine 2 <b>bold</b> \u0007 bell 🏠💧";
    const check = checkContactRequest({ ...valid, message });
    expect(check.ok && check.value.message).toBe(message);
  });
});

describe("firstInvalidField", () => {
  it("follows the form's order, so focus goes to the topmost field to fix", () => {
    expect(firstInvalidField({ email: "x", phone: "y" })).toBe("phone");
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe("isRequestId", () => {
  it("accepts a UUID and nothing else", () => {
    expect(isRequestId("8f14e45f-ceea-4e7a-9b2d-1f0a3c5b7d90")).toBe(true);
    expect(isRequestId("not-a-uuid")).toBe(false);
    expect(isRequestId(42)).toBe(false);
  });
});
