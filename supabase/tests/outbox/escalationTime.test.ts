import { strict as assert } from "node:assert";
import { escalationDueAt } from "../../functions/send-contact-email/outbox/escalationTime.ts";

/** Times in Marine City: EDT is UTC-4 (March to November), EST UTC-5. */
const cases: Array<[string, string, string]> = [
  ["inside the hours", "2026-05-04T14:00:00Z" /* Mon 10:00 EDT */, "2026-05-04T14:15:00Z"],
  ["before the opening", "2026-05-04T10:00:00Z" /* Mon 06:00 */, "2026-05-04T12:15:00Z"],
  ["at the opening", "2026-05-04T12:00:00Z" /* Mon 08:00 */, "2026-05-04T12:15:00Z"],
  ["across the closing", "2026-05-04T21:50:00Z" /* Mon 17:50 */, "2026-05-05T12:05:00Z"],
  ["after the closing", "2026-05-04T23:30:00Z" /* Mon 19:30 */, "2026-05-05T12:15:00Z"],
  ["Friday night to Saturday", "2026-05-09T02:00:00Z" /* Fri 22:00 */, "2026-05-09T13:15:00Z"],
  ["across Sunday, closed", "2026-05-09T19:50:00Z" /* Sat 15:50 */, "2026-05-11T12:05:00Z"],
  ["on Sunday", "2026-05-10T16:00:00Z" /* Sun 12:00 */, "2026-05-11T12:15:00Z"],
  ["over the spring change", "2026-03-08T01:00:00Z" /* Sat 20:00 EST */, "2026-03-09T12:15:00Z"],
  ["over the autumn change", "2026-11-01T00:00:00Z" /* Sat 20:00 EDT */, "2026-11-02T13:15:00Z"],
];

Deno.test("a lead is escalated 15 minutes into business hours after it came in", () => {
  for (const [what, from, due] of cases) {
    assert.equal(
      escalationDueAt(new Date(from), 15).toISOString(),
      new Date(due).toISOString(),
      what,
    );
  }
});

Deno.test("minutes beyond a day's hours carry into the next opening", () => {
  // 10 hours from Friday 17:00: 1 h on Friday, 7 h on Saturday, 2 h on Monday (Sunday is closed).
  assert.equal(
    escalationDueAt(new Date("2026-05-08T21:00:00Z"), 600).toISOString(),
    "2026-05-11T14:00:00.000Z",
  );
});

Deno.test("hours with no opening at all count plain minutes rather than never escalating", () => {
  const closed = { timeZone: "America/Detroit", openingHoursSpecification: [] };
  assert.equal(
    escalationDueAt(new Date("2026-05-04T14:00:00Z"), 15, closed).toISOString(),
    "2026-05-04T14:15:00.000Z",
  );
});
