import { strict as assert } from "node:assert";
import {
  checkContactRequest,
  contactAnswerErrors,
  contactAnswerPage,
  contactRequestErrors,
  maxSubmissionBytes,
} from "@bluewater/content/contact";
import { answerPageStyle } from "../../functions/send-contact-email/pages/answerPageStyle.ts";
import { connectDatabase } from "../../functions/send-contact-email/platform/database.ts";
import { checkAnswerPage, type ParsedAnswerPage } from "../support/answerPageCheck.ts";
import { browserFormPost, validFormFields } from "../support/formPosts.ts";
import {
  functionUrl,
  startHandler,
  testApiKey,
  testConfig,
  testOrigin,
} from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const site = testOrigin;
const ownOrigin = new URL(functionUrl).origin;

/** Everything a visitor (or an attacker posing as one) could type into the form. */
const hostile = {
  name: `"><script>alert(1)</script><img src=x onerror=alert(2)>`,
  phone: `' autofocus onfocus='alert(3)`,
  email: "&amp;<b>@example.com",
  service: `interior"><option selected>x`,
  message: "\n</textarea><iframe src=javascript:alert(4)></iframe>\r\nline two\u202e &lt;",
};

/** A page as the visitor sees it, checked against what was sent. */
async function page(
  response: Response,
  sent: Record<string, string> | undefined,
  fieldErrors: Record<string, string> = {},
): Promise<ParsedAnswerPage> {
  return await checkAnswerPage(response, { functionUrl, siteOrigin: site, sent, fieldErrors });
}

Deno.test("a refused plain form post gets a page in words, the form refilled, nothing run", async (t) => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({ db: database.db });
  try {
    await t.step("400: the notes sit beside their fields and hostile text stays text", async () => {
      const fields = validFormFields(hostile);
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 400);
      // Which fields are wrong is the shared schema's call; at least these three are.
      const checked = checkContactRequest(fields);
      assert.ok(!checked.ok);
      assert.equal(checked.errors.phone, contactRequestErrors.phoneInvalid);
      assert.equal(checked.errors.email, contactRequestErrors.emailInvalid);
      assert.equal(checked.errors.service, contactRequestErrors.serviceInvalid);
      const shown = await page(response, fields, checked.errors as Record<string, string>);
      assert.ok(shown.text.includes(contactAnswerPage.reasons.fields));
      assert.equal(shown.values.apikey, fields.apikey, "the key goes with the next post");
    });

    await t.step("the page's bytes carry hostile text only as escaped text", async () => {
      const html = await (await handle(browserFormPost(validFormFields(hostile)))).text();
      for (const raw of ["<script", "<img", "<iframe", "<b>", "onfocus='", "</textarea><iframe"]) {
        assert.ok(!html.includes(raw), `${raw} reached the page unescaped`);
      }
      assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
      assert.ok(html.includes("&amp;amp;&lt;b&gt;@example.com"));
    });

    await t.step("its policy runs no script and posts only to the function", async () => {
      const fields = validFormFields({ email: "" });
      const response = await handle(browserFormPost(fields));
      const policy = response.headers.get("content-security-policy") ?? "";
      const digest = await crypto.subtle.digest(
        "SHA-256",
        new TextEncoder().encode(answerPageStyle),
      );
      const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
      assert.equal(
        policy,
        `default-src 'none'; style-src 'sha256-${hash}'; form-action ${functionUrl} ${site}; frame-ancestors 'none'; base-uri 'none'`,
      );
      assert.equal(response.headers.get("x-frame-options"), "DENY");
      assert.equal(response.headers.get("referrer-policy"), "same-origin");
      await page(response, fields, {
        email: contactRequestErrors.emailRequired,
      });
    });

    await t.step("posting the page's form again, fixed, stores the lead once", async () => {
      const fields = validFormFields({ phone: "call me" });
      const shown = await page(await handle(browserFormPost(fields)), fields, {
        phone: contactRequestErrors.phoneInvalid,
      });
      const again = { ...shown.values, phone: "(586) 555-0199" };
      const response = await handle(
        browserFormPost(again, { headers: { origin: ownOrigin, referer: functionUrl } }),
      );
      assert.equal(response.status, 303);
      assert.equal(response.headers.get("location"), `${site}/#request-sent`);
      const stored = await database.sql`
        select phone from public.contact_requests where message = ${fields.message ?? ""}`;
      assert.deepEqual(
        stored.map((row) => row.phone),
        ["(586) 555-0199"],
      );
    });

    await t.step("400 for a body that is not form encoding: asked to send again", async () => {
      const response = await handle(browserFormPost({}, { rawBody: "name=Dana%zz" }));
      assert.equal(response.status, 400);
      const shown = await page(response, undefined);
      assert.ok(shown.text.includes(contactAnswerPage.reasons.unreadable));
    });

    await t.step("401 without a key: the page carries a working one", async () => {
      const { apikey: _, ...fields } = validFormFields();
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 401);
      const shown = await page(response, fields);
      assert.ok(shown.text.includes(contactAnswerPage.reasons.notAccepted));
      assert.ok(shown.values.apikey, "a key to send with the next post");
    });

    await t.step("403 from an unlisted origin: refilled, with a way back to our site", async () => {
      const fields = validFormFields(hostile);
      const response = await handle(
        browserFormPost(fields, { headers: { origin: "https://evil.example", referer: null } }),
      );
      assert.equal(response.status, 403);
      assert.ok(
        (await page(response, fields)).text.includes(contactAnswerPage.reasons.notAccepted),
      );
    });

    await t.step("413: asked for a shorter description", async () => {
      const response = await handle(
        browserFormPost(validFormFields({ message: "m".repeat(maxSubmissionBytes) })),
      );
      assert.equal(response.status, 413);
      assert.ok((await page(response, undefined)).text.includes(contactAnswerPage.reasons.tooLong));
    });

    await t.step("415: a form in another encoding is asked to send again", async () => {
      const response = await handle(
        browserFormPost(validFormFields(), {
          headers: { "content-type": "multipart/form-data; boundary=x", apikey: testApiKey },
        }),
      );
      assert.equal(response.status, 415);
      assert.ok(
        (await page(response, undefined)).text.includes(contactAnswerPage.reasons.notAccepted),
      );
    });

    await t.step("422: the same request id with other details", async () => {
      const requestId = crypto.randomUUID();
      const first = await handle(browserFormPost(validFormFields({ requestId })));
      assert.equal(first.status, 303);
      const fields = validFormFields({ requestId });
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 422);
      assert.ok(
        (await page(response, fields)).text.includes(contactAnswerPage.reasons.notAccepted),
      );
    });
  } finally {
    await settle();
    await database.close();
  }
});

Deno.test("when the function cannot store, the page says so and when to try again", async (t) => {
  await t.step("429 with Retry-After and the wait in words", async () => {
    const database = await startTestDatabase();
    const { handle, settle } = startHandler({
      db: database.db,
      config: testConfig({ RATE_LIMIT_MAX: "1" }),
    });
    try {
      await (
        await handle(browserFormPost(validFormFields(), { address: "192.0.2.90" }))
      ).body?.cancel();
      const fields = validFormFields({ name: hostile.name });
      const response = await handle(browserFormPost(fields, { address: "192.0.2.90" }));
      assert.equal(response.status, 429);
      const retryAfter = Number(response.headers.get("retry-after"));
      assert.ok(retryAfter > 0);
      const shown = await page(response, fields);
      assert.ok(shown.text.includes(contactAnswerErrors.tooMany(retryAfter)));
    } finally {
      await settle();
      await database.close();
    }
  });

  await t.step("503 with Retry-After when the database is out of reach", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const { port } = listener.addr as Deno.NetAddr;
    listener.close();
    const db = connectDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, 1);
    try {
      const { handle } = startHandler({ db });
      const fields = validFormFields();
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 503);
      assert.equal(response.headers.get("retry-after"), "30");
      assert.ok((await page(response, fields)).text.includes(contactAnswerErrors.unavailable));
    } finally {
      await db.end();
    }
  });

  await t.step("500 with the phone number and no internals", async () => {
    const database = await startTestDatabase();
    try {
      await database.sql`alter table public.contact_requests rename column phone to telephone`;
      const { handle } = startHandler({ db: database.db });
      const fields = validFormFields();
      const response = await handle(browserFormPost(fields));
      assert.equal(response.status, 500);
      const shown = await page(response, fields);
      assert.ok(shown.text.includes(contactAnswerErrors.unexpected));
      assert.doesNotMatch(shown.text, /telephone|column|sql/i);
    } finally {
      await database.close();
    }
  });
});

Deno.test("the answer page wears the site's colours and nothing else", async () => {
  const theme = await Deno.readTextFile(
    new URL("../../../packages/ui/src/theme.css", import.meta.url),
  );
  const tokens = new Set(
    [...theme.matchAll(/--color-[a-z0-9-]+:\s*(#[0-9a-f]{6})/gi)].map((match) =>
      match[1]?.toLowerCase(),
    ),
  );
  const used = [...answerPageStyle.matchAll(/#[0-9a-f]{3,8}\b/gi)].map((match) =>
    match[0].toLowerCase(),
  );
  assert.ok(used.length >= 8, "the page is styled");
  for (const colour of used) assert.ok(tokens.has(colour), `${colour} is not a theme colour`);
  assert.ok(
    !/rgb|hsl|url\(|@import/i.test(answerPageStyle),
    "no colour or resource from elsewhere",
  );
  const font = /--font-sans:\s*([^;]+);/.exec(theme)?.[1]?.replace(/\s+/g, " ").trim();
  assert.ok(font && answerPageStyle.includes(`font-family:${font.replaceAll(", ", ",")}`));
});
