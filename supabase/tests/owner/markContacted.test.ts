import { strict as assert } from "node:assert";
import { leadTokenHeader } from "@bluewater/content/contact";
import { contactToken } from "../../functions/send-contact-email/outbox/contactLink.ts";
import { functionUrl, startLoggingHandler, testConfig, testOrigin } from "../support/harness.ts";
import { storeLead } from "../support/storedLeads.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const minute = 60_000;
const day = 24 * 60 * minute;
const config = testConfig({ NOTIFY_SMS_TO: "+15865550100" });
const routeOf = (leadId: string) => `${functionUrl}/contacted/${leadId}`;

async function setUp() {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({ db: database.db, config, start: Date.now() });
  const call = (method: string, leadId: string, token?: string, headers = {}) =>
    handler.handle(
      new Request(routeOf(leadId), {
        method,
        headers: {
          origin: testOrigin,
          ...(token === undefined ? {} : { [leadTokenHeader]: token }),
          ...headers,
        },
      }),
    );
  return {
    database,
    ...handler,
    after: handler.afterLead,
    linkOf: handler.ownerLinkOf,
    get: (leadId: string, token?: string) => call("GET", leadId, token),
    post: (leadId: string, token?: string) => call("POST", leadId, token),
    call,
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

/** The token of a link's fragment: `#<lead id>.<token>`. */
const tokenOf = (link: string) => new URL(link).hash.slice(1 + 36 + 1);

Deno.test("the link in every owner alert opens the owner's page on the site; the function answers it in JSON, and only a POST marks the lead", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit({
      name: `Dana "<script>alert(1)</script>"`,
      phone: "+1 (586) 555-0123",
    });
    const link = test.linkOf(leadId);

    await t.step(
      "the email and the SMS carry the same link: the site's page, the lead and its token in the fragment",
      () => {
        assert.match(
          link,
          new RegExp(`^${testOrigin}/contacted/#${leadId}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`),
        );
        assert.equal(new URL(link).search, "", "nothing a server would see");
        const [text] = test.sms.sent;
        assert.ok(text?.message.body.endsWith(`Mark called: ${link}`), String(text?.message.body));
      },
    );

    await t.step("GET with the token shows the lead as text, in JSON, to the site", async () => {
      const response = await test.get(leadId, tokenOf(link));
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
      assert.equal(response.headers.get("cache-control"), "no-store");
      assert.equal(response.headers.get("access-control-allow-origin"), testOrigin);
      const body = await response.json();
      assert.equal(body.contacted, null);
      assert.equal(body.lead.name, `Dana "<script>alert(1)</script>"`, "text, put in as text");
      assert.equal(body.lead.phoneHref, "tel:+15865550123", "the number, to tap");
      assert.equal(body.lead.service, "Interior Waterproofing");
      assert.match(body.lead.received, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    });

    await t.step("opening it, as a mail scanner or a reload does, changes nothing", async () => {
      for (const method of ["GET", "HEAD", "GET"]) {
        await (await test.call(method, leadId, tokenOf(link))).body?.cancel();
      }
      assert.equal((await test.contactedAt(leadId)).contacted_at, null);
    });

    await t.step("the POST marks it, and stores the time from the lead to the mark", async () => {
      await test.after(leadId, 12 * minute);
      const response = await test.post(leadId, tokenOf(link));
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.equal(body.outcome, "marked");
      assert.equal(body.contacted.secondsToContact, 12 * 60);
      assert.equal((await test.contactedAt(leadId)).seconds_to_contact, 12 * 60);
    });

    await t.step("a replay is refused with 409, and the first mark stays", async () => {
      const first = await test.contactedAt(leadId);
      await test.after(leadId, 40 * minute);
      const response = await test.post(leadId, tokenOf(link));
      assert.equal(response.status, 409);
      const body = await response.json();
      assert.equal(body.outcome, "already");
      assert.equal(body.contacted.secondsToContact, 12 * 60);
      assert.deepEqual(await test.contactedAt(leadId), first);
      const again = await (await test.get(leadId, tokenOf(link))).json();
      assert.equal(again.contacted.secondsToContact, 12 * 60, "the page says it was marked");
    });

    await t.step("once marked, the link answers the mark and nothing of the lead", async () => {
      const response = await test.get(leadId, tokenOf(link));
      assert.equal(response.status, 200);
      const text = await response.text();
      const body = JSON.parse(text);
      assert.equal(body.lead, null);
      assert.equal(body.contacted.secondsToContact, 12 * 60);
      for (const detail of ["Dana", "script", "555", "@", "Interior", "tel:", "Water"]) {
        assert.ok(!text.includes(detail), `the answer holds ${detail}: ${text}`);
      }
    });
  } finally {
    await test.close();
  }
});

Deno.test("the site's page may ask, with its token header; other origins may not", async () => {
  const test = await setUp();
  try {
    const leadId = crypto.randomUUID();
    const preflight = await test.call("OPTIONS", leadId, undefined, {
      "access-control-request-method": "POST",
      "access-control-request-headers": `apikey, ${leadTokenHeader}`,
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), testOrigin);
    assert.match(String(preflight.headers.get("access-control-allow-methods")), /GET, POST/);
    assert.match(String(preflight.headers.get("access-control-allow-headers")), /x-lead-token/);
    const foreign = await test.call("OPTIONS", leadId, undefined, {
      origin: "https://evil.example",
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get("access-control-allow-origin"), null);
    await foreign.body?.cancel();
    const answer = await test.call("GET", leadId, "x.y", { origin: "https://evil.example" });
    assert.equal(answer.headers.get("access-control-allow-origin"), null, "it cannot read it");
    await answer.body?.cancel();
  } finally {
    await test.close();
  }
});

Deno.test("forged, altered, expired, cut and another lead's tokens are refused with a reason, and mark nothing", async (t) => {
  const test = await setUp();
  try {
    const leadId = await test.submit();
    const otherId = await test.submit({ name: "Pat Rivers" });
    const token = tokenOf(test.linkOf(leadId));
    const [expiry = "", signature = ""] = token.split(".");
    const refused = async (response: Response, status: number, reason: string) => {
      assert.equal(response.status, status);
      const body = await response.json();
      assert.equal(body.reason, reason);
      assert.match(body.error, /Nothing changed\./);
    };
    const cases: Array<[string, () => Promise<Response>, number, string]> = [
      [
        "a forged signature",
        () => test.post(leadId, `${expiry}.${"A".repeat(22)}`),
        403,
        "invalid",
      ],
      [
        "a later expiry under the same signature",
        () => test.post(leadId, `${(Number.parseInt(expiry, 36) + day).toString(36)}.${signature}`),
        403,
        "invalid",
      ],
      [
        "another lead's token on this lead",
        () => test.post(leadId, tokenOf(test.linkOf(otherId))),
        403,
        "invalid",
      ],
      ["this lead's token on another lead", () => test.post(otherId, token), 403, "invalid"],
      [
        "a token signed with another secret",
        async () =>
          test.post(
            leadId,
            await contactToken(
              { ...config.contactLink, secret: "someone-else" },
              leadId,
              new Date(),
            ),
          ),
        403,
        "invalid",
      ],
      ["no token", () => test.post(leadId), 400, "incomplete"],
      [
        "the token in the address instead of the header, as a link of the old kind had it",
        () =>
          test.handle(
            new Request(`${routeOf(leadId)}?t=${token}`, { method: "POST", headers: {} }),
          ),
        400,
        "incomplete",
      ],
      ["a cut token", () => test.get(leadId, token.slice(0, 12)), 400, "incomplete"],
      ["a cut lead id", () => test.get(leadId.slice(0, 20), token), 400, "incomplete"],
    ];
    for (const [what, send, status, reason] of cases) {
      await t.step(what, async () => {
        await refused(await send(), status, reason);
      });
    }

    await t.step("an expired token, however valid its signature", async () => {
      await test.after(leadId, config.contactLink.days * day + minute);
      const response = await test.post(leadId, token);
      assert.equal(response.status, 410);
      assert.deepEqual(await response.json(), {
        reason: "expired",
        error:
          "Links to mark a lead as called work for 7 days. Nothing changed. A newer alert about this lead carries a new link.",
        days: 7,
      });
      await refused(await test.get(leadId, token), 410, "expired");
    });

    await t.step("a lead that is gone", async () => {
      const gone = crypto.randomUUID();
      const valid = await contactToken(config.contactLink, gone, new Date(Date.now() + 30 * day));
      await refused(await test.post(gone, valid), 404, "notFound");
      await refused(await test.get(gone, valid), 404, "notFound");
    });

    await t.step("none of them marked anything", async () => {
      for (const id of [leadId, otherId])
        assert.equal((await test.contactedAt(id)).contacted_at, null);
    });

    await t.step("another method is refused", async () => {
      const response = await test.call("DELETE", leadId, token);
      assert.equal(response.status, 405);
      assert.equal(response.headers.get("allow"), "GET, HEAD, POST, OPTIONS");
      assert.match(String((await response.json()).error), /GET.+POST/);
      assert.equal((await test.contactedAt(leadId)).contacted_at, null);
    });
  } finally {
    await test.close();
  }
});

Deno.test("the owner's page gets a stored lead's hostile text shown, never acting", async () => {
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
    const response = await test.get(leadId, token);
    assert.equal(response.status, 200);
    const { lead } = await response.json();
    assert.equal(lead.name, "Eve<U+001B>[2J<U+202E>evil");
    assert.equal(lead.email, "eve@example.com<U+000D><U+000A>Bcc: victim@example.com");
    assert.match(lead.phoneHref, /^tel:[0-9]+$/, "the tel: link has digits only");
    assert.equal(lead.service, "Not chosen", "an unknown service is not shown as sent");
    assert.deepEqual(lead.message, ["Line one", '<img src=x onerror="alert(1)"> & "quotes"']);
  } finally {
    await test.close();
  }
});

Deno.test("the site the links lead to may always call the function, whatever else is allowed", () => {
  const allowed = (env: Record<string, string>) => testConfig(env).allowedOrigins;
  assert.deepEqual(
    allowed({ ALLOWED_ORIGINS: "https://a.example", SITE_URL: "https://b.example/" }),
    ["https://a.example", "https://b.example"],
  );
  assert.deepEqual(allowed({ ALLOWED_ORIGINS: "https://a.example" }), ["https://a.example"]);
  assert.equal(testConfig({ ALLOWED_ORIGINS: "https://a.example" }).siteUrl, "https://a.example");
});
