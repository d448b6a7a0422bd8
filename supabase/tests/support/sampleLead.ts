import { strict as assert } from "node:assert";
import {
  type NewLead,
  notificationPlanFor,
  storeLead,
} from "../../functions/send-contact-email/intake/leadStore.ts";
import type { LeadForEmail } from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import type { FunctionConfig } from "../../functions/send-contact-email/platform/config.ts";
import type { Database } from "../../functions/send-contact-email/platform/database.ts";

/** A lead as the renderers read it from the database. */
export const sampleLead: LeadForEmail = {
  id: "8b0d8b6e-7f4e-4a53-9a6b-1c2d3e4f5a6b",
  created_at: new Date("2026-05-04T12:00:00Z"),
  name: "Dana Homeowner",
  email: "dana@example.com",
  phone: "(586) 555-0123",
  service: "egress",
  message: "Need a bigger basement window.",
};

/** A new lead as the submit route hands it to `storeLead`, with its own request id. */
export function newLead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    requestId: crypto.randomUUID(),
    fingerprint: crypto.randomUUID().replaceAll("-", "").repeat(2),
    request: {
      name: "Dana Homeowner",
      phone: "(586) 555-0123",
      email: "dana@example.com",
      service: "interior",
      message: "Water comes in along the north wall after heavy rain.",
    },
    spam: undefined,
    clientAddressHash: "a1".repeat(16),
    userAgent: "test",
    source: {},
    now: new Date(),
    ...overrides,
  };
}

/**
 * A new lead stored as the submit route stores it, its notifications queued and not sent: its id.
 */
export async function storeNewLead(
  db: Database,
  config: FunctionConfig,
  now: Date,
  overrides: Partial<NewLead> = {},
): Promise<string> {
  const stored = await storeLead(
    db,
    newLead({ now, ...overrides }),
    config.rateLimit,
    notificationPlanFor(config),
  );
  assert.equal(stored.kind, "created");
  return stored.id;
}
