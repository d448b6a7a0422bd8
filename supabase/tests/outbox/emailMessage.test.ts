import { strict as assert } from "node:assert";
import { serviceOptions } from "@bluewater/content/contact";
import {
  renderLeadEmail,
  subjectNameLength,
} from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import { sampleLead } from "../support/sampleLead.ts";

const lead = sampleLead;
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
    assert.ok(email.html.includes(value), `html has ${value}`);
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
  assert.ok(
    renderLeadEmail({ ...lead, message: "" }, mailbox).text.includes("Message:\n  (none)\n"),
  );
});

Deno.test("a long name is cut in the subject, never through an emoji, and the service stays", () => {
  const { subject } = renderLeadEmail({ ...lead, name: "🏠".repeat(400) }, mailbox);
  assert.equal(
    subject,
    `New inspection request: ${"🏠".repeat(subjectNameLength - 1)}… — Egress Windows`,
  );
  assert.ok(subject.isWellFormed());
});
