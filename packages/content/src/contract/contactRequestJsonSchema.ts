import { contactFormFields } from "./contactFields.ts";
import { type ContactField, contactFields } from "./contactRequest.ts";
import {
  contactRequestRules,
  type FieldRules,
  type TextRule,
  textRules,
} from "./contactRequestRules.ts";

type JsonSchema = { [keyword: string]: unknown };

/** Each rule becomes one subschema; its description is the message the form shows. */
function ruleSchema(rule: TextRule): JsonSchema {
  const description = rule.message;
  switch (rule.kind) {
    case "maxLength":
      return { type: "string", maxLength: rule.limit, description };
    case "pattern":
      return { type: "string", pattern: rule.pattern.source, description };
    case "oneOf":
      return { type: "string", enum: rule.values, description };
  }
}

function fieldSchema(field: ContactField, rules: FieldRules): JsonSchema {
  const title = contactFormFields[field].label;
  const asText = textRules.map(ruleSchema);
  const asRules = rules.rules.map(ruleSchema);
  if (rules.required === undefined) {
    return { title, anyOf: [{ type: "null" }, { type: "string", allOf: [...asText, ...asRules] }] };
  }
  // The checker's blank test is `trim() === ""`; `\S` matches exactly what trim keeps.
  const filledIn = { type: "string", pattern: String.raw`\S`, description: rules.required };
  return { title, type: "string", allOf: [...asText, filledIn, ...asRules] };
}

/**
 * The contact request as JSON Schema (draft-07, which most validators read), built from the
 * rules the form and the function check with. A request it accepts, the function accepts.
 */
export function contactRequestJsonSchema(): JsonSchema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "Contact request",
    description:
      "A request for a free inspection, as the send-contact-email function accepts it. Lengths count Unicode code points; values are trimmed once they pass. Other properties are ignored here.",
    type: "object",
    properties: Object.fromEntries(
      contactFields.map((field) => [field, fieldSchema(field, contactRequestRules[field])]),
    ),
    required: contactFields.filter((field) => contactRequestRules[field].required !== undefined),
  };
}
