/** A request the form would send: every check passes. */
export const validRequest = {
  name: "Jane Smith",
  phone: "(586) 555-0123",
  email: "jane@example.com",
  service: "interior",
  message: "Water along the back wall after heavy rain.",
};

/**
 * Requests other teams might send, each named, valid or not: the JSON Schema and the checker must
 * reach the same verdict on every one.
 */
export const sampleRequests: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["the form's request", validRequest],
  [
    "the spec's five fields, service and message empty",
    { ...validRequest, service: "", message: "" },
  ],
  ["only the required fields", { name: "Jane", phone: "586 555 0123", email: "j@example.org" }],
  ["optional fields null", { ...validRequest, service: null, message: null }],
  ["extra fields the function reads elsewhere", { ...validRequest, requestId: "x", website: "" }],
  ["spaces around every value", { ...validRequest, name: "  Jane ", email: " jane@example.com " }],
  [
    "a phone with country code and extension",
    { ...validRequest, phone: "+1 586.555.0123 ext. 42" },
  ],
  ["a name of 100 emoji", { ...validRequest, name: "💧".repeat(100) }],
  [
    "a Persian name with a zero-width non-joiner",
    { ...validRequest, name: "مهسا رضایی\u200Cنژاد" },
  ],
  ["a message with line breaks and markup", { ...validRequest, message: "Line 1\r\n<b>2</b>" }],
  ["no name", { ...validRequest, name: undefined }],
  ["an empty name", { ...validRequest, name: "" }],
  ["a blank name", { ...validRequest, name: " \t " }],
  ["a null name", { ...validRequest, name: null }],
  ["a name that is a number", { ...validRequest, name: 42 }],
  ["a name of 101 characters", { ...validRequest, name: "n".repeat(101) }],
  ["a name with a line break", { ...validRequest, name: "Eve\r\nBcc: victim@example.com" }],
  ["a name with a right-to-left override", { ...validRequest, name: "Eve \u202Egnp.exe" }],
  ["a name with an escape sequence", { ...validRequest, name: "Eve\u001b[2J" }],
  ["a phone with a line separator", { ...validRequest, phone: "586 555 0123\u2028" }],
  ["a phone with six digits", { ...validRequest, phone: "555-012" }],
  ["a phone with sixteen digits", { ...validRequest, phone: "1234567890123456" }],
  ["a phone with words", { ...validRequest, phone: "call me maybe" }],
  ["an email without a dot in the domain", { ...validRequest, email: "jane@localhost" }],
  ["an email with a zero-width space", { ...validRequest, email: "jane\u200B@example.com" }],
  ["an email of 255 characters", { ...validRequest, email: `${"e".repeat(243)}@example.com` }],
  ["a service not on the list", { ...validRequest, service: "roofing" }],
  ["a service in capitals", { ...validRequest, service: "INTERIOR" }],
  ["a message of 2,001 characters", { ...validRequest, message: "m".repeat(2001) }],
  ["a message with a NUL character", { ...validRequest, message: "a\u0000b" }],
];
