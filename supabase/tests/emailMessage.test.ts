import { strict as assert } from "node:assert";
import { serviceOptions } from "@bluewater/content/serviceOptions.ts";
import {
  escapeHtml,
  renderLeadEmail,
  singleLine,
} from "../functions/send-contact-email/emailMessage.ts";
import { retryDelaySeconds } from "../functions/send-contact-email/notificationQueue.ts";

const lead = {
  id: "8b0d8b6e-7f4e-4a53-9a6b-1c2d3e4f5a6b",
  createdAt: new Date("2026-05-04T12:00:00Z"),
  name: "Dana Homeowner",
  email: "dana@example.com",
  phone: "(586) 555-0123",
  service: "egress",
  message: "Need a bigger basement window.",
};
const mailbox = { from: "Website <website@bluewater.example>", to: "owner@bluewater.example" };

Deno.test("the company's email carries every field of the lead", () => {
  const email = renderLeadEmail(lead, mailbox);
  assert.equal(email.to, mailbox.to);
  assert.equal(email.from, mailbox.from);
  assert.equal(email.replyTo, lead.email);
  for (const value of [
    lead.name,
    lead.email,
    lead.phone,
    "Egress Windows",
    lead.message,
    lead.id,
    "2026-05-04T12:00:00.000Z",
  ]) {
    assert.ok(email.text.includes(value), `text has ${value}`);
    assert.ok(email.html.includes(escapeHtml(value)), `html has ${value}`);
  }
});

Deno.test("every service shows its label, and no choice says so", () => {
  for (const option of serviceOptions) {
    assert.ok(
      renderLeadEmail({ ...lead, service: option.value }, mailbox).subject.endsWith(option.label),
    );
  }
  assert.ok(
    renderLeadEmail({ ...lead, service: "" }, mailbox).text.includes("Service: Not chosen"),
  );
  assert.ok(renderLeadEmail({ ...lead, message: "" }, mailbox).text.includes("Message: (none)"));
});

Deno.test("a subject is one bounded line", () => {
  assert.equal(singleLine("a\r\nb\u2028c\td"), "a b c d");
  assert.equal(singleLine("x".repeat(500)).length, 200);
});

Deno.test("retries back off exponentially up to a ceiling", () => {
  const policy = { maxAttempts: 8, retryBaseSeconds: 30, retryMaxSeconds: 3600, leaseSeconds: 120 };
  assert.deepEqual(
    [1, 2, 3, 4, 5, 8].map((attempts) => retryDelaySeconds(attempts, policy)),
    [30, 60, 120, 240, 480, 3600],
  );
});
