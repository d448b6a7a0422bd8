import { strict as assert } from "node:assert";
import { acknowledgmentEmail } from "@bluewater/content/acknowledgment-email";
import { business } from "@bluewater/content/business";
import { minimumFillMs } from "@bluewater/content/contact";
import { ownerEmail } from "@bluewater/content/owner-email";
import { firstNameOf } from "../../functions/send-contact-email/outbox/messages/acknowledgmentMessage.ts";
import { createEmailProvider } from "../../functions/send-contact-email/outbox/providers/createProvider.ts";
import {
  postRequest,
  resendTestConfig,
  resendTestKey,
  startHandler,
  startLoggingHandler,
  testConfig,
  validSubmission,
} from "../support/harness.ts";
import { startResendFake } from "../support/resendFake.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const hour = 60 * 60 * 1000;
const start = new Date("2026-05-04T12:00:00Z").getTime();

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({ db: database.db, start });
  const provider = handler.email;
  return {
    database,
    provider,
    at: (ms: number) => handler.setClock(start + ms),
    submit: handler.submit,
    /** The acknowledgments the log provider sent to an address. */
    sentTo: (address: string) => provider.sent.filter((email) => email.message.to === address),
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

Deno.test("the homeowner hears back at once: arrived, a call within 24 hours, the hours, the number", async () => {
  const test = await setUp();
  try {
    await test.submit({ name: "Dana Homeowner", email: "dana.ack@example.com" });
    const [email, ...more] = test.sentTo("dana.ack@example.com");
    assert.ok(email, "an acknowledgment to the address the homeowner gave");
    assert.equal(more.length, 0);
    const { message } = email;
    const config = testConfig();
    assert.equal(message.from, config.notify.from);
    assert.equal(message.replyTo, config.notify.to, "Reply-To the company");
    assert.equal(message.subject, acknowledgmentEmail.subject);
    assert.ok(message.text.startsWith("Hi Dana,\n"));
    for (const part of [message.text, message.html]) {
      for (const words of [
        "within 24 hours",
        "Monday – Friday: 8:00 AM – 6:00 PM",
        "Saturday: 9:00 AM – 4:00 PM",
        "Sunday: Closed",
        "Water coming in right now?",
        business.phone.display,
      ]) {
        assert.ok(part.includes(words), `${words} in ${part}`);
      }
    }
    assert.ok(message.html.includes(`<a href="${business.phone.href}">`), "a tap-to-call link");
  } finally {
    await test.close();
  }
});

Deno.test("an acknowledgment never goes to spam, and at most once per address a day", async (t) => {
  const test = await setUp();
  try {
    await t.step("a honeypot or a too-fast form gets none", async () => {
      await test.submit({ email: "bot@example.com", website: "https://cheap-seo.example" });
      await test.submit({ email: "bot@example.com", elapsedMs: minimumFillMs - 1 });
      assert.equal(test.sentTo("bot@example.com").length, 0);
      const [queued] = await test.database.sql<{ count: number }[]>`
        select count(*)::int from public.contact_notifications where kind = 'acknowledgment'`;
      assert.equal(queued?.count, 0, "none is even queued");
    });

    await t.step("a second request from the address the same day gets none", async () => {
      await test.submit({ email: "pat@example.org" });
      test.at(23 * hour);
      await test.submit({ email: "PAT@Example.org", message: "A second, different question." });
      assert.equal(test.sentTo("pat@example.org").length, 1);
      assert.equal(
        test.sentTo("PAT@Example.org").length,
        0,
        "the address is one whatever its case",
      );
    });

    await t.step("a day after the first, the address gets one again", async () => {
      test.at(24 * hour + 1000);
      await test.submit({ email: "pat@example.org", message: "A third question, a day later." });
      assert.equal(test.sentTo("pat@example.org").length, 2);
    });

    await t.step("ten requests from one address at once: one acknowledgment", async () => {
      test.at(30 * hour);
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          test.submit({ email: "rush@example.com", message: `Question ${index} at once.` }),
        ),
      );
      assert.equal(test.sentTo("rush@example.com").length, 1);
    });

    await t.step(
      "a too-fast flag lifted by a person's retry gets its acknowledgment then",
      async () => {
        const submission = validSubmission({ email: "hurry@example.com", elapsedMs: 900 });
        const response = await test.submit(submission);
        assert.equal(test.sentTo("hurry@example.com").length, 0);
        const again = await test.submit({ ...submission, elapsedMs: minimumFillMs + 5000 });
        assert.equal(again, response);
        assert.equal(test.sentTo("hurry@example.com").length, 1);
      },
    );

    await t.step(
      "an acknowledgment queued when a days-old flag is lifted counts for the day after it",
      async () => {
        test.at(40 * hour);
        const submission = validSubmission({ email: "late@example.com", elapsedMs: 900 });
        await test.submit(submission);
        // The too-fast lead was stored three days before the retry that lifts its flag: a retry by
        // its key finds it at any age.
        await test.database.sql`update public.contact_requests
          set created_at = ${new Date(start + 40 * hour - 72 * hour)}
          where email = 'late@example.com'`;
        test.at(41 * hour);
        await test.submit({ ...submission, elapsedMs: minimumFillMs + 5000 });
        assert.equal(test.sentTo("late@example.com").length, 1);
        test.at(42 * hour);
        await test.submit({ email: "late@example.com", message: "A new question, an hour on." });
        assert.equal(test.sentTo("late@example.com").length, 1, "one acknowledgment a day");
      },
    );
  } finally {
    await test.close();
  }
});

Deno.test("an acknowledgment carries none of the visitor's text but a plain first name", async (t) => {
  const test = await setUp();
  try {
    const hostile = {
      phone: "+1 (586) 555-0199",
      service: "interior",
      message: "Click https://evil.example/win to claim your prize! <a href=x>here</a>",
    };
    await t.step("a plain first name is greeted; nothing else of theirs is in it", async () => {
      await test.submit({ ...hostile, name: "Anne-Marie O'Neil", email: "anne@example.com" });
      const [email] = test.sentTo("anne@example.com");
      assert.ok(email);
      assert.ok(email.message.text.startsWith("Hi Anne-Marie,\n"));
      for (const part of [email.message.text, email.message.html, email.message.subject]) {
        for (const theirs of ["O'Neil", "O&#x27;Neil", "evil", "prize", "555-0199", "Interior"]) {
          assert.ok(!part.includes(theirs), `${theirs} is not in the acknowledgment`);
        }
      }
    });

    await t.step("a name that is not one plain word is not used at all", async () => {
      const names = {
        "https://evil.example Eve": "url@example.com",
        "Win$1000 now": "money@example.com",
        "evil.example": "domain@example.com",
        "<b>Eve</b>": "tag@example.com",
        [`${"A".repeat(31)} B`]: "long@example.com",
      };
      for (const [name, email] of Object.entries(names)) {
        await test.submit({ ...hostile, name, email });
        const [sent] = test.sentTo(email);
        assert.ok(sent, `${email} acknowledged`);
        assert.ok(sent.message.text.startsWith("Hello,\n"), `${name}: ${sent.message.text}`);
      }
    });

    await t.step("first names of any script, with their accents", () => {
      assert.equal(firstNameOf("  José  Núñez "), "José");
      assert.equal(firstNameOf("Łukasz"), "Łukasz");
      assert.equal(firstNameOf("Zoë"), "Zoë");
      assert.equal(firstNameOf("محمد علي"), "محمد");
      assert.equal(firstNameOf("D'Angelo"), "D'Angelo");
      assert.equal(firstNameOf("J."), undefined);
      assert.equal(firstNameOf("1st"), undefined);
      // The form refuses these in a name; a row stored before (or by hand) may hold them.
      assert.equal(firstNameOf("\u202Eevil"), undefined);
      assert.equal(firstNameOf("Eve\u200B"), undefined);
    });
  } finally {
    await test.close();
  }
});

Deno.test("an acknowledgment through Resend is retried and sent once, like every notification", async () => {
  const database = await startTestDatabase();
  const resend = startResendFake(resendTestKey);
  const config = resendTestConfig(resend.baseUrl);
  const provider = createEmailProvider(config.notify);
  let clock = start;
  const { submit, deliver, settle } = startHandler({
    db: database.db,
    config,
    provider,
    now: () => new Date(clock),
  });
  try {
    resend.setMode("answerLost");
    await submit({ email: "lost@example.com" });
    resend.setMode("up");
    clock = start + 30_000;
    assert.equal((await deliver()).delivered, 2, "the owner's email and the acknowledgment");
    const acknowledgments = resend.emails.filter(
      (email) => JSON.stringify(email.body.to) === JSON.stringify(["lost@example.com"]),
    );
    assert.equal(acknowledgments.length, 1, "one email, though it was sent twice");
    assert.equal(acknowledgments[0]?.body.reply_to, config.notify.to);
  } finally {
    await settle();
    await resend.close();
    await database.close();
  }
});

Deno.test("one acknowledgment per mailbox, however its address is written", async (t) => {
  const test = await setUp();
  try {
    await t.step("Gmail's variants of one inbox get one acknowledgment", async () => {
      const variants = [
        "dana.homeowner@gmail.com",
        "DanaHomeowner@gmail.com",
        "dana.home.owner+basement@gmail.com",
        "d.a.n.a.homeowner+x@GoogleMail.com",
        "danahomeowner+@GMAIL.COM",
      ];
      for (const email of variants) await test.submit({ email });
      const sent = variants.flatMap((email) => test.sentTo(email));
      assert.equal(sent.length, 1, "one inbox, one acknowledgment");
      assert.equal(sent[0]?.message.to, variants[0], "sent to the address as typed");
    });

    await t.step("elsewhere a +tag and the case are the same mailbox; dots are not", async () => {
      for (const email of ["pat.rivers@example.org", "Pat.Rivers+leads@Example.org"]) {
        await test.submit({ email });
      }
      assert.equal(test.sentTo("pat.rivers@example.org").length, 1);
      assert.equal(test.sentTo("Pat.Rivers+leads@Example.org").length, 0);
      await test.submit({ email: "patrivers@example.org" });
      assert.equal(test.sentTo("patrivers@example.org").length, 1, "another mailbox");
    });

    await t.step("the stored address stays as the visitor typed it", async () => {
      const rows = await test.database.sql<{ email: string }[]>`
        select email from public.contact_requests where email ilike '%+basement%'`;
      assert.deepEqual(
        rows.map((row) => row.email),
        ["dana.home.owner+basement@gmail.com"],
      );
    });
  } finally {
    await test.close();
  }
});

Deno.test("acknowledgments stop at the hourly cap, and the owner's email says so", async (t) => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ ACKNOWLEDGMENT_MAX_PER_HOUR: "3" }),
    start,
  });
  const acknowledgments = () =>
    handler.email.sent.filter((sent) => sent.message.subject === acknowledgmentEmail.subject);
  const ownerEmailOf = (leadId: string) =>
    handler.email.sent.find(
      (sent) => sent.message.to === testConfig().notify.to && sent.message.text.includes(leadId),
    );
  try {
    const leads: string[] = [];
    await t.step("a burst of leads from as many addresses: three acknowledgments", async () => {
      leads.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, i) => handler.submit({ email: `victim-${i}@example.com` })),
        )),
      );
      assert.equal(acknowledgments().length, 3);
    });

    await t.step(
      "every lead reaches the owner; those past the cap say no acknowledgment went",
      () => {
        const said = leads.filter((id) =>
          ownerEmailOf(id)?.message.text.includes(ownerEmail.acknowledgmentWithheld(3)),
        );
        assert.equal(leads.filter((id) => ownerEmailOf(id)).length, 8);
        assert.equal(said.length, 5);
      },
    );

    await t.step("an hour after the first, acknowledgments go again", async () => {
      handler.setClock(start + hour + 1000);
      await handler.submit({ email: "next-hour@example.com" });
      assert.equal(acknowledgments().length, 4);
    });
  } finally {
    await handler.settle();
    await database.close();
  }
});

Deno.test("one client gets its fair share of acknowledgments, and another client's still goes out", async (t) => {
  const database = await startTestDatabase();
  // The production defaults: 5 leads per client per 10 minutes, 20 acknowledgments an hour.
  const config = testConfig({
    RATE_LIMIT_MAX: "5",
    RATE_LIMIT_WINDOW_SECONDS: "600",
    ACKNOWLEDGMENT_MAX_PER_HOUR: "20",
  });
  const handler = startLoggingHandler({ db: database.db, config, start });
  const acknowledgedTo = (prefix: string) =>
    handler.email.sent.filter(
      (sent) =>
        sent.message.subject === acknowledgmentEmail.subject && sent.message.to.startsWith(prefix),
    );
  const flooder = "198.51.100.66";
  try {
    await t.step("5 leads every 10 minutes from one address, each with a fresh email", async () => {
      for (let round = 0; round < 6; round++) {
        handler.setClock(start + round * 10 * 60_000);
        for (let lead = 0; lead < 5; lead++) {
          const response = await handler.handle(
            postRequest(validSubmission({ email: `stranger-${round}-${lead}@example.com` }), {
              address: flooder,
            }),
          );
          assert.equal(response.status, 200, "every one within the rate limit is stored");
          await response.body?.cancel();
        }
        await handler.settle();
      }
      assert.equal(acknowledgedTo("stranger-").length, config.acknowledgmentsPerClientPerHour);
    });

    await t.step("a homeowner from another address in that hour gets theirs", async () => {
      handler.setClock(start + 55 * 60_000);
      await handler.submit({ email: "homeowner@example.com" });
      assert.equal(acknowledgedTo("homeowner@").length, 1);
    });
  } finally {
    await handler.settle();
    await database.close();
  }
});
