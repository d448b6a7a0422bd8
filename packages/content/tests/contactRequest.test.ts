import { describe, expect, it } from "vitest";
import {
  checkContactRequest,
  contactRequestErrors,
  contactRequestLimits,
  firstInvalidField,
} from "../src/contract/contactRequest.ts";
import { isRequestId } from "../src/contract/contactSubmission.ts";
import { validRequest as valid } from "./support/sampleRequests.ts";

describe("checkContactRequest", () => {
  it("accepts a complete request and trims every field", () => {
    const check = checkContactRequest({
      ...valid,
      name: "  Jane Smith  ",
      phone: " (586) 555-0123 ",
      email: " jane@example.com ",
    });
    expect(check).toEqual({ ok: true, value: valid });
  });

  it("keeps a message's line breaks as \\n, whether typed in a browser, posted by a form (CR LF) or sent with old Mac endings", () => {
    const check = checkContactRequest({ ...valid, message: "Wet wall\r\nsince March\rand\nworse" });
    expect(check.ok && check.value.message).toBe("Wet wall\nsince March\nand\nworse");
  });

  it("accepts an empty service and an empty message: both are optional", () => {
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
    "586-555-0123x12",
    "+44 20 7946 0958",
  ])("accepts the phone %j", (phone) => {
    expect(checkContactRequest({ ...valid, phone }).ok).toBe(true);
  });

  it.each([
    "555-012",
    "call me",
    "586-555-0123; DROP TABLE",
    "1234567890123456",
    "<script>",
    "586 555 0123 ext. 1234567",
  ])("refuses the phone %j", (phone) => {
    expect(checkContactRequest({ ...valid, phone })).toEqual({
      ok: false,
      errors: { phone: contactRequestErrors.phoneInvalid },
    });
  });

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

  it("counts characters, not UTF-16 units: an emoji is one character", () => {
    expect(checkContactRequest({ ...valid, name: "💧".repeat(contactRequestLimits.name) }).ok).toBe(
      true,
    );
    expect(
      checkContactRequest({ ...valid, name: "💧".repeat(contactRequestLimits.name + 1) }),
    ).toEqual({ ok: false, errors: { name: contactRequestErrors.nameTooLong } });
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

  it("keeps hostile but storable text in the message verbatim: line breaks, HTML, controls, emoji", () => {
    const message = "Line 1\r\nLine 2 <b>bold</b> \u0007 bell 🏠💧";
    const check = checkContactRequest({ ...valid, message });
    expect(check.ok && check.value.message).toBe(message.replace("\r\n", "\n"));
  });
});

describe("single-line fields: name, phone and email", () => {
  const breaking = {
    "a line feed": "\n",
    "a carriage return and line feed": "\r\n",
    "a tab": "\t",
    "a next-line control (U+0085)": "\u0085",
    "a line separator (U+2028)": "\u2028",
    "a paragraph separator (U+2029)": "\u2029",
    "a right-to-left override (U+202E)": "\u202E",
    "a zero-width space (U+200B)": "\u200B",
    "a byte order mark (U+FEFF)": "\uFEFF",
    "an escape sequence that clears a terminal": "\u001b[2J",
    "a bell": "\u0007",
  };

  it.each(
    Object.entries(breaking).flatMap(([what, character]) =>
      (["name", "phone", "email"] as const).map((field) => [field, what, character] as const),
    ),
  )("the %s refuses %s with the one-line message", (field, _what, character) => {
    const text = valid[field];
    const middle = Math.floor(text.length / 2);
    const request = { ...valid, [field]: text.slice(0, middle) + character + text.slice(middle) };
    expect(checkContactRequest(request)).toEqual({
      ok: false,
      errors: { [field]: contactRequestErrors.notSingleLine },
    });
  });

  it("refuses a line break at the end too, rather than trimming it away", () => {
    expect(checkContactRequest({ ...valid, name: "Jane Smith\n" })).toEqual({
      ok: false,
      errors: { name: contactRequestErrors.notSingleLine },
    });
  });

  it("refuses every control, format and separator character of the Basic Multilingual Plane", () => {
    const unicodeCategory = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u;
    const joiners = new Set(["\u200C", "\u200D"]);
    const verdicts: string[] = [];
    for (let code = 1; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      const refused = !checkContactRequest({ ...valid, name: `A${character}B` }).ok;
      const shouldRefuse = unicodeCategory.test(character) && !joiners.has(character);
      if (refused !== shouldRefuse) verdicts.push(`U+${code.toString(16).padStart(4, "0")}`);
    }
    expect(verdicts).toEqual([]);
  });

  it("keeps the zero-width joiners names and emoji need", () => {
    for (const name of ["مهسا رضایی\u200Cنژاد", "The 👩\u200D👩\u200D👧 family"]) {
      const check = checkContactRequest({ ...valid, name });
      expect(check.ok && check.value.name).toBe(name);
    }
  });

  it("leaves the message multi-line", () => {
    const message = "First line\nSecond line\u2028third";
    const check = checkContactRequest({ ...valid, message });
    expect(check.ok && check.value.message).toBe(message.replace("\r\n", "\n"));
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
