import { strict as assert } from "node:assert";
import { contactLink } from "../../functions/send-contact-email/outbox/contactLink.ts";
import type { EmailMessage } from "../../functions/send-contact-email/outbox/messages/emailMessage.ts";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import type { EmailProvider } from "../../functions/send-contact-email/outbox/providers/emailProvider.ts";
import {
  type LoggedEmail,
  logProvider,
} from "../../functions/send-contact-email/outbox/providers/logProvider.ts";
import type { Database } from "../../functions/send-contact-email/platform/database.ts";
import {
  functionUrl,
  postRequest,
  readJson,
  resendTestConfig,
  resendTestKey,
  startHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startResendFake } from "../support/resendFake.ts";
import { hostileLeads, type StoredLead, storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

type LeadName = keyof typeof hostileLeads;
const leadNames = Object.keys(hostileLeads) as LeadName[];

/** Every notification of the stored leads goes out once through the function's deliverer. */
async function deliverThroughFunction(db: Database, provider: EmailProvider): Promise<void> {
  const { handle } = startHandler({ db, provider, config: testConfig() });
  const response = await handle(
    new Request(`${functionUrl}/deliver`, {
      method: "POST",
      headers: { "x-deliverer-secret": "test-deliverer-secret" },
    }),
  );
  assert.equal(response.status, 200);
  assert.equal((await readJson(response)).delivered, leadNames.length);
}

/** The tags the renderer writes; a visitor's text must never add one. */
const rendererTags = new Set([
  "!doctype html",
  "html",
  "/html",
  "head",
  "/head",
  "meta",
  "body",
  "/body",
  "p",
  "/p",
  "table",
  "/table",
  "tr",
  "/tr",
  "th",
  "/th",
  "td",
  "/td",
  "br",
  "a",
  "/a",
]);

function tagNames(html: string): string[] {
  return Array.from(html.matchAll(/<(!doctype html|\/?[a-z]+)[\s>]/gi), (match) =>
    String(match[1]),
  );
}

function cells(html: string): string[] {
  return Array.from(html.matchAll(/<td[^>]*>(.*?)<\/td>/gs), (match) => String(match[1]));
}

Deno.test("a stored lead's hostile text reaches the owner's email harmless", async (t) => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  const outbox = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    const ids = {} as Record<LeadName, string>;
    for (const name of leadNames) {
      // Every lead is due: the failed notification of one fixture matters only to `pnpm leads`.
      const { notification: _, ...lead }: StoredLead = hostileLeads[name];
      ids[name] = await storeLead(database.sql, lead);
    }
    await deliverThroughFunction(database.db, logProvider({ file: outbox, print: false }));
    await database.sql`update public.contact_notifications set status = 'pending', attempts = 0`;
    const resendConfig = resendTestConfig(resend.baseUrl);
    await deliverThroughFunction(database.db, createEmailProvider(resendConfig.notify));

    const logged = (await Deno.readTextFile(outbox))
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as LoggedEmail).message);
    const leadOf = (text: unknown) => leadNames.find((name) => String(text).includes(ids[name]));
    const outboxEmail = (name: LeadName): Partial<EmailMessage> => {
      const email = logged.find((message) => leadOf(message.text) === name);
      assert.ok(email, `the outbox has ${name}`);
      return email;
    };
    const resendEmail = (name: LeadName): Record<string, unknown> => {
      const email = resend.emails.find((sent) => leadOf(sent.body.text) === name);
      assert.ok(email, `Resend received ${name}`);
      return email.body;
    };

    await t.step("the outbox and Resend get the same bytes", () => {
      for (const name of leadNames) {
        const sent = resendEmail(name);
        const { subject, text, html, replyTo } = outboxEmail(name);
        assert.deepEqual(
          { subject: sent.subject, text: sent.text, html: sent.html, replyTo: sent.reply_to },
          { subject, text, html, replyTo },
        );
      }
    });

    await t.step(
      "the subject is one line: hidden characters as codes, encoded-words not decodable",
      () => {
        const subjects = Object.fromEntries(
          leadNames.map((name) => [name, resendEmail(name).subject]),
        );
        assert.deepEqual(subjects, {
          escapes: "New inspection request: Eve<U+001B>[2J<U+0007> — Interior Waterproofing",
          formulas:
            'New inspection request: <U+200B>=HYPERLINK("http://evil.example","x")<U+2060> — Not chosen',
          forgedLines:
            "New inspection request: Eve<U+000D><U+000A>Phone: 555-0000<U+2028>Email: attacker@example.com<U+2029><U+202E>gnp.exe = ?UTF-8?B?SGk=?= — Egress Windows",
          longWord: `New inspection request: L${"o".repeat(148)}… — Not chosen`,
        });
      },
    );

    /** The link each owner email carries, signed from when its notification was queued. */
    const markLink = (name: LeadName) =>
      contactLink(
        testConfig().siteUrl,
        testConfig().contactLink,
        ids[name],
        hostileLeads[name].created_at,
      );

    await t.step("no line of a lead's text can pose as a field in the text part", async () => {
      assert.equal(
        resendEmail("forgedLines").text,
        [
          "New inspection request from the Blue Water Waterproofing website.",
          "",
          "Name: Eve<U+000D><U+000A>Phone: 555-0000<U+2028>Email: attacker@example.com<U+2029><U+202E>gnp.exe =?UTF-8?B?SGk=?=",
          "Phone: (586) 555-0123<U+000A>Email: fake@example.com",
          "Email: eve@example.com<U+000D><U+000A>Bcc: victim@example.com",
          "Service: Egress Windows",
          "Came from: Direct",
          "Received: 2026-05-04T12:01:00.000Z",
          `Lead id: ${ids.forgedLines}`,
          "",
          "Message:",
          "  Line one",
          "  Phone: 000 fake",
          '  <script>alert(1)</script> & "quotes"',
          "  Received: never",
          "",
          "  \tindented",
          "",
          `Called them? Mark the lead as called: ${await markLink("forgedLines")}`,
          "",
          "The visitor's email address is not one plain address, so replies go nowhere: write to them yourself.",
        ].join("\n"),
      );
      assert.equal(
        resendEmail("escapes").text,
        [
          "New inspection request from the Blue Water Waterproofing website.",
          "",
          "Name: Eve<U+001B>[2J<U+0007>",
          "Phone: (586) 555-0123<U+0008><U+0008><U+0008><U+0008>",
          "Email: eve@example.com<U+001B>[1A<U+001B>[2K",
          "Service: Interior Waterproofing",
          "Came from: Direct",
          "Received: 2026-05-04T12:03:00.000Z",
          `Lead id: ${ids.escapes}`,
          "",
          "Message:",
          "  Wet wall<U+001B>]0;pwned<U+0007>",
          "  second line",
          "  third<U+009B>31m red <U+202E>evil<U+202C><U+200B>end 🏠💧",
          "",
          `Called them? Mark the lead as called: ${await markLink("escapes")}`,
          "",
          "The visitor's email address is not one plain address, so replies go nowhere: write to them yourself.",
        ].join("\n"),
      );
    });

    await t.step("the HTML part has only the renderer's tags and every value escaped", async () => {
      for (const name of leadNames) {
        const html = String(resendEmail(name).html);
        const foreign = tagNames(html).filter((tag) => !rendererTags.has(tag.toLowerCase()));
        assert.deepEqual(foreign, [], `${name}: no tag from the visitor`);
        // The one link is the renderer's own, to the page that marks this lead as called.
        const links = Array.from(html.matchAll(/<a href="([^"]*)"/g), (match) => match[1]);
        assert.deepEqual(links, [(await markLink(name))?.replaceAll("&", "&amp;")]);
      }
      assert.deepEqual(cells(String(resendEmail("forgedLines").html)), [
        "Eve&lt;U+000D&gt;&lt;U+000A&gt;Phone: 555-0000&lt;U+2028&gt;Email: attacker@example.com&lt;U+2029&gt;&lt;U+202E&gt;gnp.exe =?UTF-8?B?SGk=?=",
        "(586) 555-0123&lt;U+000A&gt;Email: fake@example.com",
        "eve@example.com&lt;U+000D&gt;&lt;U+000A&gt;Bcc: victim@example.com",
        "Egress Windows",
        "Direct",
        "2026-05-04T12:01:00.000Z",
        ids.forgedLines,
        'Line one<br>Phone: 000 fake<br>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "quotes"<br>Received: never<br><br>\tindented',
      ]);
      assert.deepEqual(cells(String(resendEmail("formulas").html)).slice(0, 3), [
        '&lt;U+200B&gt;=HYPERLINK("http://evil.example","x")&lt;U+2060&gt;',
        "＋1 (586) 555-0123",
        "　-1+1@example.com",
      ]);
      assert.equal(
        cells(String(resendEmail("formulas").html))[7],
        "&lt;U+FEFF&gt;&nbsp;＝1+1<br>second line @ noon",
      );
    });

    await t.step("Reply-To is the visitor only when the address is one plain address", () => {
      assert.deepEqual(
        Object.fromEntries(leadNames.map((name) => [name, resendEmail(name).reply_to])),
        {
          escapes: undefined,
          formulas: undefined,
          forgedLines: undefined,
          longWord: "long@example.com",
        },
      );
    });
  } finally {
    await resend.close();
    await Deno.remove(outbox);
    await database.close();
  }
});

Deno.test("a hostile message a visitor sends is stored verbatim (line breaks as \\n) and shown safely", async () => {
  const database = await startTestDatabase();
  const provider = logProvider({ print: false });
  const { handle, settle } = startHandler({ db: database.db, provider });
  const message =
    'Line one\r\nLine two\n<img src=x onerror="alert(1)"> & \u0007bell \u001b[31mred \u200b zero-width 🏠💧 "quotes"\u2028after';
  try {
    const response = await handle(postRequest(validSubmission({ message })));
    assert.equal(response.status, 200);
    const { id } = await readJson(response);
    await settle();
    const [row] =
      await database.sql`select message from public.contact_requests where id = ${String(id)}`;
    assert.equal(row?.message, message.replace("\r\n", "\n"));
    const email = provider.sent.find((sent) => sent.message.to === testConfig().notify.to);
    assert.ok(email);
    assert.ok(
      email.message.text.includes(
        [
          "Message:",
          "  Line one",
          "  Line two",
          '  <img src=x onerror="alert(1)"> & <U+0007>bell <U+001B>[31mred <U+200B> zero-width 🏠💧 "quotes"',
          "  after",
          "",
        ].join("\n"),
      ),
      email.message.text,
    );
    assert.equal(
      cells(email.message.html).at(-1),
      'Line one<br>Line two<br>&lt;img src=x onerror="alert(1)"&gt; &amp; &lt;U+0007&gt;bell &lt;U+001B&gt;[31mred &lt;U+200B&gt; zero-width 🏠💧 "quotes"<br>after',
    );
  } finally {
    await settle();
    await database.close();
  }
});
