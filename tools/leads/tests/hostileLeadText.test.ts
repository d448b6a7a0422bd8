import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect } from "@bluewater/postgres/client";
import { createTestDatabase, type TestDatabase } from "@bluewater/postgres/test-databases";
import { hostileLeads, storeLead } from "@bluewater/supabase/stored-leads";
import { leadsCommand } from "./support/leadsCommand.ts";

let database: TestDatabase;
const ids: Record<keyof typeof hostileLeads, string> = {
  escapes: "",
  formulas: "",
  forgedLines: "",
  longWord: "",
};

before(async () => {
  database = await createTestDatabase();
  const sql = connect(database.url);
  try {
    for (const name of Object.keys(ids) as Array<keyof typeof ids>) {
      ids[name] = await storeLead(sql, hostileLeads[name]);
    }
  } finally {
    await sql.end();
  }
});

after(async () => {
  await database.drop();
});

const leads = (command: string) => leadsCommand(database.url, command);

// Everything a terminal could act on: C0 controls but the line feed, DEL, C1 controls.
const terminalControl = /(?!\n)\p{Cc}/u;

test("pnpm leads list shows a lead's hidden characters as codes, never as themselves", async () => {
  const output = await leads("list");
  assert.doesNotMatch(output, terminalControl);
  assert.equal(
    output,
    [
      `4 most recent leads from DATABASE_URL:`,
      ``,
      `2026-05-04 12:03  new        —          Eve<U+001B>[2J<U+0007>   (586) 555-0123<U+… eve@example.com<U+001B>[1A<U+… Interior Waterproofing     ${ids.escapes}`,
      `                  Wet wall<U+001B>]0;pwned<U+0007> ↵ second line ↵ third<U+009B>31m red <U+202E>evil<U+202C><U+200B>end 🏠💧`,
      `                  owner email failed (8 tries): resend 422 validation_error: <U+001B>[31mrejected`,
      `2026-05-04 12:02  new        —          <U+200B>=HYPERLINK("htt… ＋1 (586) 555-0123  -1+1@example.com               —                          ${ids.formulas}`,
      `                  <U+FEFF> ＝1+1 ↵ second line @ noon`,
      `2026-05-04 12:01  new        —          Eve<U+000D><U+000A>Phon… (586) 555-0123<U+… eve@example.com<U+000D><U+000… Egress Windows             ${ids.forgedLines}`,
      `                  Line one ↵ Phone: 000 fake ↵ <script>alert(1)</script> & "quotes" ↵ Received: never ↵ indented`,
      `2026-05-04 12:00  new        —          L${"o".repeat(22)}… (586) 555-0199     long@example.com               —                          ${ids.longWord}`,
      `                  W${"a".repeat(118)}…`,
      "",
      // The fixtures are from May 2026, older than the summary's 30 days.
      "Last 30 days: 0 leads; none marked as called yet.",
      "",
    ].join("\n"),
  );
});

test("pnpm leads queue shows names and errors the same way", async () => {
  const output = await leads("queue");
  assert.doesNotMatch(output, terminalControl);
  assert.equal(
    output,
    [
      `4 notifications not yet delivered (DATABASE_URL):`,
      ``,
      `FAILED                       attempts  8  owner email                    Eve<U+001B>[2J<U+0007>   lead ${ids.escapes}`,
      `                             resend 422 validation_error: <U+001B>[31mrejected`,
      `next try 2026-05-04 12:02    attempts  0  owner email                    <U+200B>=HYPERLINK("htt… lead ${ids.formulas}`,
      `next try 2026-05-04 12:01    attempts  0  owner email                    Eve<U+000D><U+000A>Phon… lead ${ids.forgedLines}`,
      `next try 2026-05-04 12:00    attempts  0  owner email                    L${"o".repeat(22)}… lead ${ids.longWord}`,
      "",
    ].join("\n"),
  );
});

test("pnpm leads csv neutralises formulas behind invisible or full-width characters", async () => {
  const output = await leads("csv");
  assert.doesNotMatch(output, /(?![\t\n\r])\p{Cc}/u, "no control but tab and line breaks");
  assert.equal(
    output,
    [
      `"id","created_at","name","email","phone","service","service_label","message","state","contacted_at","seconds_to_contact","escalated_at","is_spam","source","utm_source","utm_medium","utm_campaign","referrer_host","notifications"`,
      `"${ids.escapes}","2026-05-04T12:03:00.000Z","Eve<U+001B>[2J<U+0007>","eve@example.com<U+001B>[1A<U+001B>[2K","(586) 555-0123<U+0008><U+0008><U+0008><U+0008>","interior","Interior Waterproofing","Wet wall<U+001B>]0;pwned<U+0007>\nsecond line\nthird<U+009B>31m red <U+202E>evil<U+202C><U+200B>end 🏠💧","new","","","","false","Direct","","","","","owner email: failed after 8 tries: resend 422 validation_error: <U+001B>[31mrejected"`,
      `"${ids.formulas}","2026-05-04T12:02:00.000Z","'<U+200B>=HYPERLINK(""http://evil.example"",""x"")<U+2060>","'　-1+1@example.com","'＋1 (586) 555-0123","'ㅤ=1+1","","'<U+FEFF> ＝1+1\nsecond line @ noon","new","","","","false","Direct","","","","","owner email: pending"`,
      `"${ids.forgedLines}","2026-05-04T12:01:00.000Z","Eve\nPhone: 555-0000\nEmail: attacker@example.com\n<U+202E>gnp.exe =?UTF-8?B?SGk=?=","eve@example.com\nBcc: victim@example.com","(586) 555-0123\nEmail: fake@example.com","egress","Egress Windows","Line one\nPhone: 000 fake\n<script>alert(1)</script> & ""quotes""\nReceived: never\n\n\tindented","new","","","","false","Direct","","","","","owner email: pending"`,
      `"${ids.longWord}","2026-05-04T12:00:00.000Z","L${"o".repeat(999)}","long@example.com","(586) 555-0199","","","W${"a".repeat(1998)}h","new","","","","false","Direct","","","","","owner email: pending"`,
      "",
    ].join("\r\n"),
  );
});
