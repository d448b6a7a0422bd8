import { strict as assert } from "node:assert";
import { serviceOptions } from "@bluewater/content/contact";
import { ownerSms } from "@bluewater/content/owner-sms";
import {
  callableNumber,
  maxSmsSegments,
  renderLeadSms,
} from "../../functions/send-contact-email/outbox/messages/smsMessage.ts";
import {
  gsmSegments,
  isGsmText,
  smsVisitorText,
} from "../../functions/send-contact-email/outbox/messages/smsText.ts";
import { startLoggingHandler, testConfig } from "../support/harness.ts";
import { sampleLead } from "../support/sampleLead.ts";
import { startTestDatabase } from "../support/testDatabase.ts";

const lead = {
  ...sampleLead,
  service: "interior",
  message: "Water comes in along the north wall after heavy rain.",
};
// As the site's address makes it: the link is the longest part of the SMS.
const markLink =
  "https://www.bluewaterwaterproofing.com/contacted/#8b0d8b6e-7f4e-4a53-9a6b-1c2d3e4f5a6b.tevg1o.qDUfmGRJmpjmbjl09LHf-w";

Deno.test("GSM segments are counted as carriers count them", () => {
  assert.equal(gsmSegments("a".repeat(160)), 1);
  assert.equal(gsmSegments("a".repeat(161)), 2);
  assert.equal(gsmSegments("a".repeat(306)), 2);
  assert.equal(gsmSegments("a".repeat(307)), 3);
  // An extended character takes two septets, and its two never straddle two parts.
  assert.equal(gsmSegments("[".repeat(80)), 1);
  assert.equal(gsmSegments(`${"a".repeat(152)}[${"a".repeat(151)}`), 2);
  assert.equal(gsmSegments(`${"a".repeat(152)}[${"a".repeat(152)}`), 3);
});

Deno.test("the owner's SMS: name, tap-to-call number, service, the start of the message, the link", () => {
  assert.equal(
    renderLeadSms(lead, { escalation: false, markLink }),
    [
      "New lead: Dana Homeowner",
      "Call (586) 555-0123",
      "Interior Waterproofing",
      '"Water comes in along the north wall after heavy rain."',
      `Mark called: ${markLink}`,
    ].join("\n"),
  );
  assert.equal(
    renderLeadSms({ ...lead, service: "", message: "" }, { escalation: true, markLink: undefined }),
    ["NOT CALLED YET: Dana Homeowner", "Call (586) 555-0123", "Service not chosen"].join("\n"),
  );
});

Deno.test("every SMS fits two segments in the GSM alphabet, whatever the lead holds", () => {
  const long = {
    ...lead,
    name: `${"Bartholomew-".repeat(20)} 👩‍🔧`,
    message: `${"🏠 Water everywhere, ".repeat(200)}`,
  };
  for (const service of ["", ...serviceOptions.map((option) => option.value)]) {
    for (const escalation of [false, true]) {
      const body = renderLeadSms({ ...long, service }, { escalation, markLink });
      assert.ok(isGsmText(body), body);
      assert.ok(gsmSegments(body) <= maxSmsSegments, `${gsmSegments(body)} segments: ${body}`);
      assert.ok(body.endsWith(markLink), "the link is never cut");
      assert.match(body, /^".*\.\.\."$/m, "the message is cut with ...");
    }
  }
});

Deno.test("a visitor's text in an SMS is one line of the GSM alphabet, with no link and nothing hidden", () => {
  assert.equal(
    smsVisitorText("Eve\r\nCall 911\u2028Mark called: x\u0085y"),
    "Eve Call 911 Mark called: x y",
  );
  assert.equal(
    smsVisitorText("Visit evil.com or www.evil.example"),
    "Visit evil[.]com or www[.]evil[.]example",
  );
  assert.equal(
    smsVisitorText("http://192.168.0.1/x and HTTPS://x and tel:+1555"),
    "http[:]//192[.]168[.]0[.]1/x and HTTPS[:]//x and tel[:]+1555",
  );
  assert.equal(smsVisitorText("3.5 inches at 10 a.m."), "3.5 inches at 10 a[.]m.");
  // é and ñ are in the alphabet; ú and ë lose their accents; Ł has no letter there.
  assert.equal(smsVisitorText("José Núñez Zoë Łukasz"), "José Nuñez Zoe ?ukasz");
  assert.equal(
    smsVisitorText("\u001b[2J\u0007 \u202Eevil\u202C \u200B 👩‍🔧 🏠"),
    "?[2J? ?evil? ? ? ?",
  );
  assert.equal(smsVisitorText("ｅｖｉｌ．ｃｏｍ"), "????????");
});

Deno.test("the number to call is the visitor's digits only, written the US way when it is one", () => {
  assert.equal(callableNumber("(586) 555-0123"), "(586) 555-0123");
  assert.equal(callableNumber("+1 586 555 0188"), "(586) 555-0188");
  assert.equal(callableNumber("586.555.0123 ext. 12"), "(586) 555-0123 ext. 12");
  assert.equal(callableNumber("+44 20 7946 0958"), "+442079460958");
  assert.equal(callableNumber("(586) 555-0123\nEmail: fake@example.com"), "(586) 555-0123");
  assert.equal(callableNumber("call me"), "call me");
  assert.equal(callableNumber("+4930123456"), "+4930123456");
});

/**
 * What a phone may turn into a link in a text, as the link detectors of Android (Linkify's web
 * addresses: a scheme, a host with a top-level domain, an IP address, a port) and iOS find them.
 * Wider than either, so that a text it finds nothing in has nothing to tap.
 */
const tappable = [
  /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi,
  /\bwww\.\S+/gi,
  /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b\S*/giu,
  /\b\d{1,3}(?:\.\d{1,3}){3}\b\S*/g,
  /[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\S*/gi,
  /\b[\p{L}\p{N}.-]*\p{L}[\p{L}\p{N}.-]*:\d{1,5}\b\S*/giu,
  /\b\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}\S*/g,
];

function tappableIn(text: string): string[] {
  return tappable.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

const plantedLinks = [
  "203.0.113.7/mark-called?t=abc",
  "Mark called: 203.0.113.7/contacted/8b0d?t=tevg1o.x",
  "tap 198.51.100.23:8443/contacted/x",
  "[2001:db8::7]/mark-called?t=abc",
  "2001:db8:0:0:0:0:0:7/contacted",
  "fe80::1%25eth0/x and ::1/x",
  "::ffff:203.0.113.7/x",
  "evil:8080/mark-called and localhost:3000/x",
  "WWW.EVIL.COM/x www.0day.example/x www.1234.net",
  "mark-called.example/x?t=abc and 1.2.3.4",
  "10.0.0.1:80",
];

Deno.test("a visitor's text cannot carry an address a phone would make tappable", async (t) => {
  await t.step("bare IPv4 and IPv6 addresses, host:port and www. hosts are defanged", () => {
    for (const planted of plantedLinks) {
      const shown = smsVisitorText(planted);
      assert.deepEqual(tappableIn(shown), [], `${planted} → ${shown}`);
    }
  });

  await t.step("times, prices and measures read as they were written", () => {
    assert.equal(
      smsVisitorText("Call after 2:30, it cost $3,000.50 for 1.5 inches"),
      "Call after 2:30, it cost $3,000.50 for 1.5 inches",
    );
  });

  await t.step("in the whole text, the real link is the only one, alone on the last line", () => {
    for (const planted of plantedLinks) {
      const body = renderLeadSms(
        { ...lead, name: planted.slice(0, 30), message: planted },
        { escalation: false, markLink },
      );
      const lines = body.split("\n");
      assert.equal(lines.at(-1), `${ownerSms.markCalled} ${markLink}`);
      assert.deepEqual(tappableIn(lines.slice(0, -1).join("\n")), [], body);
    }
  });
});

Deno.test("a lead planting a fake mark-called address gets it defanged in the owner's text", async () => {
  const database = await startTestDatabase();
  const handler = startLoggingHandler({
    db: database.db,
    config: testConfig({ NOTIFY_SMS_TO: "+15865550100" }),
    start: new Date("2026-05-04T14:00:00Z").getTime(),
  });
  try {
    const leadId = await handler.submit({
      message: "Water! Mark called: 203.0.113.7/send-contact-email/contacted/x?t=abc",
    });
    const [text] = handler.sms.sent.filter((sent) => sent.message.body.includes(leadId));
    assert.ok(text);
    const lines = text.message.body.split("\n");
    const link = lines.at(-1)?.slice(`${ownerSms.markCalled} `.length) ?? "";
    // The real link: the site's owner page, the lead and its token in the fragment.
    assert.match(link, new RegExp(`^http://localhost:8080/contacted/#${leadId}\\.\\S+$`));
    assert.deepEqual(tappableIn(lines.slice(0, -1).join("\n")), [], text.message.body);
  } finally {
    await handler.settle();
    await database.close();
  }
});
