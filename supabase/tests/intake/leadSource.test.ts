import { strict as assert } from "node:assert";
import type { Sql } from "../../../tools/postgres/src/client.ts";
import { browserFormPost, validFormFields } from "../support/formPosts.ts";
import { postRequest, startHandler, validSubmission } from "../support/harness.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

/** A lead stored without a source: a direct visit, a page without JavaScript, a bad tag. */
const noSource = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer_host: null,
  has_gclid: false,
  has_fbclid: false,
};

async function storedSource(sql: Sql, id: string) {
  const [row] = await sql`
    select utm_source, utm_medium, utm_campaign, referrer_host, has_gclid, has_fbclid
    from public.contact_requests where id = ${id}`;
  return row;
}

Deno.test("each lead keeps the source of the visit that sent it", async (t) => {
  const database = await startTestDatabase();
  try {
    const { handle, submit } = startHandler({ db: database.db });

    await t.step("the app's JSON: campaign tags, a click id, the referring host", async () => {
      const id = await submit({
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring-basements",
        gclid: true,
        referrer: "WWW.Google.com",
      });
      assert.deepEqual(await storedSource(database.sql, id), {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "spring-basements",
        referrer_host: "www.google.com",
        has_gclid: true,
        has_fbclid: false,
      });
    });

    await t.step("a plain form's hidden fields, as text", async () => {
      const fields = validFormFields({ utmSource: "truck", utmMedium: "qr", fbclid: "true" });
      const answer = await handle(browserFormPost(fields));
      assert.equal(answer.status, 303);
      const [lead] = await database.sql`
        select id from public.contact_requests where utm_source = 'truck'`;
      assert.deepEqual(await storedSource(database.sql, String(lead?.id)), {
        utm_source: "truck",
        utm_medium: "qr",
        utm_campaign: null,
        referrer_host: null,
        has_gclid: false,
        has_fbclid: true,
      });
    });

    await t.step("no source at all: a direct visit, or a page without JavaScript", async () => {
      const id = await submit({});
      assert.deepEqual(await storedSource(database.sql, id), noSource);
    });

    await t.step("a source of the wrong shape loses the source, never the lead", async () => {
      const body = validSubmission({
        utmSource: "<script>alert(1)</script>\u0000",
        referrer: "evil.example/path?q=1",
        gclid: "Cj0KCQ-the-real-value",
      });
      const answer = await handle(postRequest(body));
      assert.equal(answer.status, 200);
      const { id } = (await answer.json()) as { id: string };
      assert.deepEqual(await storedSource(database.sql, id), noSource);
    });
  } finally {
    await database.close();
  }
});

Deno.test("a lead from an ad click keeps the click's real Google click id, and only the lead", async (t) => {
  const database = await startTestDatabase();
  const clickId = "EAIaIQobChMI-x_9Cj0KCQ";
  const gclidOf = async (id: string) =>
    (await database.sql`select gclid, has_gclid from public.contact_requests where id = ${id}`)[0];
  try {
    const { handle, submit } = startHandler({ db: database.db });

    await t.step(
      "the app's JSON: the id is stored on the lead, and the lead is from an ad",
      async () => {
        const id = await submit({ utmSource: "google", gclid: true, googleClickId: clickId });
        assert.deepEqual({ ...(await gclidOf(id)) }, { gclid: clickId, has_gclid: true });
      },
    );

    await t.step("a plain form's hidden field, as the page's first script adds it", async () => {
      const fields = validFormFields({
        utmSource: "plain-ad",
        gclid: "true",
        googleClickId: clickId,
      });
      assert.equal((await handle(browserFormPost(fields))).status, 303);
      const [lead] = await database.sql`
        select gclid, has_gclid from public.contact_requests where utm_source = 'plain-ad'`;
      assert.deepEqual({ ...lead }, { gclid: clickId, has_gclid: true });
    });

    await t.step("an id of another shape is left out, the rest of the source kept", async () => {
      for (const bad of ["EAIa IQ", "<b>", "x".repeat(201), 42]) {
        const id = await submit({ utmSource: "google", googleClickId: bad });
        assert.deepEqual({ ...(await gclidOf(id)) }, { gclid: null, has_gclid: false });
        const [row] =
          await database.sql`select utm_source from public.contact_requests where id = ${id}`;
        assert.equal(row?.utm_source, "google");
      }
    });

    await t.step("no visit ever keeps it: the visits' table has no column for it", async () => {
      const columns = await database.sql`
        select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'site_visits' and column_name like '%gclid%'`;
      assert.deepEqual(
        columns.map((column) => column.column_name),
        ["has_gclid"],
      );
    });
  } finally {
    await database.close();
  }
});
