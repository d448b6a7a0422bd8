import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkContactRequest, contactFields } from "../src/contract/contactRequest.ts";
import { contactRequestJsonSchema } from "../src/contract/contactRequestJsonSchema.ts";
import { contactRequestRules, textRules } from "../src/contract/contactRequestRules.ts";
import { serviceOptions } from "../src/contract/serviceOptions.ts";
import { sampleRequests, validRequest } from "./support/sampleRequests.ts";

const warnings: unknown[] = [];
const ajv = new Ajv({
  strict: true,
  logger: {
    log: () => undefined,
    warn: (...w) => warnings.push(w),
    error: (...e) => warnings.push(e),
  },
});
const validate = ajv.compile(contactRequestJsonSchema());

/** Text made of the characters that tell the rules apart: separators, controls, digits, "@". */
const trickyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(..."aZ09 ().-+xX@._\t\n\r\u0000\u0085\u00A0\u200B\u200C\u202E\u2028\uFEFF💧é"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const fieldValue = (field: (typeof contactFields)[number]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(validRequest[field]) },
    { weight: 3, arbitrary: trickyText },
    { weight: 1, arbitrary: fc.constantFrom(...serviceOptions.map((option) => option.value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 260 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, 42, true, [], {}) },
  );
const anyRequest = fc.record(
  Object.fromEntries(contactFields.map((field) => [field, fieldValue(field)])),
  { requiredKeys: [] },
);

describe("the contact request's JSON Schema", () => {
  it("compiles under Ajv's strict mode without a warning", () => {
    expect(warnings).toEqual([]);
  });

  it.each(sampleRequests)("agrees with the checker on %s", (_what, request) => {
    expect(validate(request)).toBe(checkContactRequest(request).ok);
  });

  it("agrees with the checker on any request, valid or not", () => {
    fc.assert(
      fc.property(anyRequest, (request) => {
        expect(validate(request)).toBe(checkContactRequest(request).ok);
      }),
      { numRuns: 3000 },
    );
  });

  it("uses patterns that mean the same in JSON Schema: the Unicode flag and no other", () => {
    const rules = [...textRules, ...contactFields.flatMap((f) => contactRequestRules[f].rules)];
    for (const rule of rules) if (rule.kind === "pattern") expect(rule.pattern.flags).toBe("u");
  });

  it("requires exactly the fields the form marks as required", () => {
    expect(contactRequestJsonSchema().required).toEqual(["name", "phone", "email"]);
  });
});
