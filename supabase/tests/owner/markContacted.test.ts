import { strict as assert } from "node:assert";
import { contactFunction } from "@bluewater/content/contact";
import { contactToken } from "../../functions/send-contact-email/outbox/contactLink.ts";
import { contactedPageStyleSource } from "../../functions/send-contact-email/pages/answerPageStyle.ts";
import { functionUrl, startLoggingHandler, testConfig } from "../support/harness.ts";
import { storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const day = 24 * 60 * minute;
const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });
const pageUrl = (leadId: string) => `${functionUrl}/contacted/${leadId}`;

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({ db: database.db, config, start: Date.now() });
  const { email } = handler;
  return {
    database,
    ...handler,
    /** Moves the clock to `ms` after the lead was stored. */
    async after(leadId: string, ms: number) {
      const [lead] = await database.sql<{ created_at: Date }[]>`
        select created_at from public.contact_requests where id = ${leadId}`;
      handler.setClock((lead?.created_at.getTime() ?? 0) + ms);
    },
    /** The link in the lead's owner email. */
    linkOf(leadId: string): string {
      const sent = email.sent.find((entry) => entry.message.text.includes(leadId));
      const link = /Mark the lead as called: (\S+)/.exec(sent?.message.text ?? "")?.[1];
      assert.ok(link, "the owner's email links to the page");
      return link;
    },
    get: (url: string, method = "GET") => handler.handle(new Request(url, { method })),
    post: (url: string, token: string) =>
      handler.handle(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
          body: new URLSearchParams({ t: token }),
        }),
      ),
    contactedAt: async (leadId: string) => {
      const [lead] = await database.sql<
        { contacted_at: Date | null; seconds_to_contact: number | null }[]
      >`
        select contacted_at, seconds_to_contact from public.contact_requests where id = ${leadId}`;
      return { ...lead };
    },
    async close() {
      await handler.settle();
      await database.close();
    },
  };
}

const tokenOf = (link: string) => new URL(link).searchParams.get("t") ?? "";

function headingOf(html: string): string {
  return /<h1>(.*?)<\/h1>/s.exec(html)?.[1] ?? "";
}

Deno.test("the link in every owner alert opens a page that shows the lead; only its button's POST marks it", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({
      name: `Dana "<script>alert(1)</script>"`,
      phone: "+1 (586) 555-0123",
    });
    const link = test.linkOf(leadId);

    await t.step("the email and the SMS carry the same signed link to this lead's page", () => {
      assert.ok(link.startsWith(`${pageUrl(leadId)}?t=`), link);
      const [text] = test.sms.sent;
      assert.ok(text?.message.body.endsWith(`Mark called: ${link}`), String(text?.message.body));
    });

    await t.step(
      "GET shows the lead and a button, in the site's look, without script",
      async () => {
        const response = await test.get(link);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
        assert.equal(response.headers.get("cache-control"), "no-store");
        assert.equal(response.headers.get("referrer-policy"), "no-referrer");
        assert.equal(response.headers.get("x-robots-tag"), "noindex");
        assert.equal(
          response.headers.get("content-security-policy"),
          `default-src 'none'; style-src ${await contactedPageStyleSource}; form-action ${pageUrl(leadId)}; frame-ancestors 'none'; base-uri 'none'`,
        );
        const html = await response.text();
        assert.equal(headingOf(html), "Did you call this lead?");
        assert.ok(
          html.includes(`Dana "&lt;script&gt;alert(1)&lt;/script&gt;"`),
          "the name, escaped",
        );
        assert.ok(!html.includes("<script"), "no script at all");
        assert.ok(html.includes('<a href="tel:+15865550123">'), "the number, to tap");
        assert.ok(
          html.includes(
            `<form class="mark" method="post" action="${pageUrl(leadId)}">\n<input type="hidden" name="t" value="${tokenOf(link)}">\n<button type="submit">Mark as called</button>`,
          ),
        );
      },
    );

    await t.step("opening the link, as a mail scanner does, changes nothing", async () => {
      for (const method of ["GET", "HEAD", "GET"])
        await (await test.get(link, method)).body?.cancel();
      assert.equal((await test.contactedAt(leadId)).contacted_at, null);
    });

    await t.step("the POST marks it, and stores the time from the lead to the mark", async () => {
      await test.after(leadId, 12 * minute);
      const response = await test.post(pageUrl(leadId), tokenOf(link));
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.equal(headingOf(html), "Marked as called");
      assert.ok(html.includes("You answered 12 minutes after the request came in."));
      assert.equal((await test.contactedAt(leadId)).seconds_to_contact, 12 * 60);
    });

    await t.step(
      "a replay is refused with a page that says so, and the first mark stays",
      async () => {
        const first = await test.contactedAt(leadId);
        await test.after(leadId, 40 * minute);
        const response = await test.post(pageUrl(leadId), tokenOf(link));
        assert.equal(response.status, 409);
        const html = await response.text();
        assert.equal(headingOf(html), "Already marked as called");
        assert.match(html, /12 minutes after the request came in\. Nothing changed\./);
        assert.deepEqual(await test.contactedAt(leadId), first);
        const again = await test.get(link);
        assert.equal(again.status, 200);
        const page = await again.text();
        assert.equal(headingOf(page), "Already marked as called");
        assert.ok(!page.includes("<form"), "no button to press again");
      },
    );
  } finally {
    await test.close();
  }
});

Deno.test("forged, altered, expired, cut and another lead's links are refused with a clear page", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const otherId = await test.submit({ name: "Pat Rivers" });
    const token = tokenOf(test.linkOf(leadId));
    const [expiry = "", signature = ""] = token.split(".");
    const refused = async (response: Response, status: number, heading: string) => {
      assert.equal(response.status, status);
      const html = await response.text();
      assert.equal(headingOf(html), heading);
      assert.ok(html.includes("Nothing changed."));
      assert.match(String(response.headers.get("content-security-policy")), /form-action 'none'/);
      assert.ok(!html.includes("<form"));
    };
    const cases: Array<[string, () => Promise<Response>, number, string]> = [
      [
        "a forged signature",
        () => test.post(pageUrl(leadId), `${expiry}.${"A".repeat(22)}`),
        403,
        "This link is not valid for this lead",
      ],
      [
        "a later expiry under the same signature",
        () =>
          test.post(
            pageUrl(leadId),
            `${(Number.parseInt(expiry, 36) + day).toString(36)}.${signature}`,
          ),
        403,
        "This link is not valid for this lead",
      ],
      [
        "another lead's token on this lead's page",
        () => test.post(pageUrl(leadId), tokenOf(test.linkOf(otherId))),
        403,
        "This link is not valid for this lead",
      ],
      [
        "this lead's token on another lead's page",
        () => test.post(pageUrl(otherId), token),
        403,
        "This link is not valid for this lead",
      ],
      [
        "a token signed with another secret",
        async () =>
          test.post(
            pageUrl(leadId),
            await contactToken(
              { ...config.contactLink, secret: "someone-else" },
              leadId,
              new Date(),
            ),
          ),
        403,
        "This link is not valid for this lead",
      ],
      ["no token", () => test.get(pageUrl(leadId)), 400, "This link is incomplete"],
      [
        "a cut token",
        () => test.get(`${pageUrl(leadId)}?t=${token.slice(0, 12)}`),
        400,
        "This link is incomplete",
      ],
      [
        "a cut lead id",
        () => test.get(`${pageUrl(leadId.slice(0, 20))}?t=${token}`),
        400,
        "This link is incomplete",
      ],
    ];
    for (const [what, send, status, heading] of cases) {
      await t.step(what, async () => {
        await refused(await send(), status, heading);
      });
    }

    await t.step("an expired link, however valid its signature", async () => {
      await test.after(leadId, config.contactLink.days * day + minute);
      await refused(await test.post(pageUrl(leadId), token), 410, "This link has expired");
      await refused(await test.get(`${pageUrl(leadId)}?t=${token}`), 410, "This link has expired");
    });

    await t.step("a lead that is gone", async () => {
      const gone = crypto.randomUUID();
      const valid = await contactToken(config.contactLink, gone, new Date(Date.now() + 30 * day));
      await refused(await test.post(pageUrl(gone), valid), 404, "This lead is gone");
    });

    await t.step("none of them marked anything", async () => {
      for (const id of [leadId, otherId])
        assert.equal((await test.contactedAt(id)).contacted_at, null);
    });

    await t.step("another method is refused", async () => {
      const response = await test.get(`${pageUrl(leadId)}?t=${token}`, "DELETE");
      assert.equal(response.status, 405);
      assert.equal(response.headers.get("allow"), "GET, HEAD, POST");
      await response.body?.cancel();
    });
  } finally {
    await test.close();
  }
});

Deno.test("the page shows a stored lead's hostile text harmless", async () => {
  const test = await setUp();
  try {
    const leadId = await storeLead(test.database.sql, {
      created_at: new Date(),
      name: "Eve\u001b[2J\u202Eevil",
      email: "eve@example.com\r\nBcc: victim@example.com",
      phone: "(586) 555-0123\nCall: javascript:alert(1)",
      service: "<b>x</b>",
      message: 'Line one\r\n<img src=x onerror="alert(1)"> & "quotes"',
    });
    const token = await contactToken(config.contactLink, leadId, new Date());
    const response = await test.get(`${pageUrl(leadId)}?t=${token}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.ok(html.includes("Eve&lt;U+001B&gt;[2J&lt;U+202E&gt;evil"));
    assert.ok(html.includes("eve@example.com&lt;U+000D&gt;&lt;U+000A&gt;Bcc: victim@example.com"));
    assert.match(html, /<a href="tel:[0-9]+">/, "the tel: link has digits only");
    assert.ok(html.includes('Line one<br>&lt;img src=x onerror="alert(1)"&gt; &amp; "quotes"'));
    assert.ok(
      !html.includes("<img") && !html.includes("<b>") && !html.includes('javascript:alert(1)"'),
    );
    assert.ok(html.includes(`${contactFunction.path}/contacted/${leadId}`));
  } finally {
    await test.close();
  }
});
