import { strict as assert } from "node:assert";
import { business } from "@bluewater/content/business";
import { siteOriginFor } from "../../functions/send-contact-email/intake/siteOrigin.ts";
import { browserFormPost, validFormFields } from "../support/formPosts.ts";
import { functionUrl, startHandler, testConfig } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const site = "https://www.bluewater.example";
const apex = "https://bluewater.example";
const allowed = [site, apex];

/** Origin and Referer as sent → where the visitor lands. */
const cases: Array<[string, string | null, string | null, string]> = [
  ["the request's Origin when listed", apex, `${site}/`, apex],
  ["the Referer's origin when the Origin is not listed", "null", `${apex}/services#contact`, apex],
  ["the Referer's origin when there is no Origin", null, `${apex}/`, apex],
  ["the first listed origin when neither is listed", "null", "https://evil.example/", site],
  ["the first listed origin when neither is sent", null, null, site],
  ["never a look-alike host", null, `${site}.evil.example/`, site],
  ["never the host behind user information", null, `${site}@evil.example/`, site],
  ["never a protocol-relative Referer", null, "//evil.example/x", site],
  ["never a script URL", null, "javascript:alert(document.domain)", site],
  ["never a data URL", null, "data:text/html,<script>alert(1)</script>", site],
  ["never an Origin with a different scheme", "http://www.bluewater.example", null, site],
  ["never an Origin with a different port", `${site}:8443`, null, site],
  ["a listed origin written with a path", null, `${apex}/../../x?y#z`, apex],
];

Deno.test("where a stored form post sends the visitor: a listed site only", async (t) => {
  for (const [what, origin, referer, expected] of cases) {
    await t.step(what, () => {
      const headers = new Headers();
      if (origin !== null) headers.set("origin", origin);
      if (referer !== null) headers.set("referer", referer);
      assert.equal(siteOriginFor(headers, allowed), expected);
    });
  }

  await t.step("a wildcard names no site: the business's own address is used", () => {
    const headers = new Headers({ origin: "https://evil.example" });
    assert.equal(siteOriginFor(headers, ["*"]), new URL(business.siteUrl).origin);
    assert.equal(siteOriginFor(headers, ["*", apex]), apex);
  });

  await t.step("listed origins are compared as origins, trailing slash or not", () => {
    const headers = new Headers({ origin: apex });
    assert.equal(siteOriginFor(headers, [`${site}/`, `${apex}/`]), apex);
    assert.equal(siteOriginFor(new Headers(), ["not a url", `${apex}/`]), apex);
  });
});

Deno.test("the 303 Location follows those rules through the function", async (t) => {
  const database = await startTestDatabase();
  const { handle, settle } = startHandler({
    db: database.db,
    config: testConfig({ ALLOWED_ORIGINS: `${site},${apex}` }),
  });
  const post = async (headers: Record<string, string | null>) => {
    const response = await handle(browserFormPost(validFormFields(), { headers }));
    await response.body?.cancel();
    return response;
  };
  try {
    await t.step("from the site, back to the same site's confirmation", async () => {
      const response = await post({ origin: apex, referer: `${apex}/` });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get("location"), `${apex}/#request-sent`);
    });

    await t.step("a post with Origin: null is taken, and lands on a listed site", async () => {
      const response = await post({ origin: "null", referer: "https://evil.example/" });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get("location"), `${site}/#request-sent`);
    });

    await t.step("a post from the function's own answer page lands on the site", async () => {
      const own = new URL(functionUrl).origin;
      const response = await post({ origin: own, referer: functionUrl });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get("location"), `${site}/#request-sent`);
    });

    await t.step("a post from an unlisted site is refused, not redirected there", async () => {
      const response = await post({
        origin: "https://evil.example",
        referer: "https://evil.example/",
      });
      assert.equal(response.status, 403);
      assert.equal(response.headers.get("location"), null);
    });
  } finally {
    await settle();
    await database.close();
  }
});
