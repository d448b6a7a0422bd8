import { strict as assert } from "node:assert";
import { serviceOptions } from "@bluewater/content/contact";
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
import { sampleLead } from "../support/sampleLead.ts";

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
    "http[:]//192.168.0.1/x and HTTPS[:]//x and tel[:]+1555",
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
