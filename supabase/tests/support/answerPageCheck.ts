import { strict as assert } from "node:assert";
import { contactFields, serviceOptions } from "@bluewater/content/contact";
import { type DefaultTreeAdapterMap, parse } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Every element the answer page may contain: anything else was injected. */
const pageElements = new Set([
  "html",
  "head",
  "body",
  "meta",
  "title",
  "style",
  "header",
  "main",
  "h1",
  "div",
  "p",
  "ul",
  "li",
  "a",
  "span",
  "form",
  "label",
  "input",
  "select",
  "option",
  "textarea",
  "button",
]);

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = "childNodes" in node ? node.childNodes : [];
  // A <template> keeps its children apart; the page has none, so any would be caught by name.
  for (const child of children) yield* elements(child);
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === "#text" && "value" in node) return node.value;
  return ("childNodes" in node ? node.childNodes : []).map(textOf).join("");
}

/** What the parsed page shows: enough to hold it to what the visitor sent. */
export interface ParsedAnswerPage {
  styleText: string;
  formAction: string | undefined;
  /** Each named control's value as the browser will show and send it. */
  values: Record<string, string>;
  /** Field → the message shown next to it, for fields marked invalid. */
  fieldErrors: Record<string, string>;
  links: string[];
  text: string;
}

/** Text as an HTML parser hands it back: line breaks normalised, NUL replaced, UTF-8 made whole. */
export function asParsed(value: string): string {
  return value.toWellFormed().replace(/\r\n?/g, "\n").replaceAll("\u0000", "\ufffd");
}

/**
 * Parses the page like a browser and checks it holds nothing but the page's own markup: no
 * element or attribute an attacker's text could have added, one form, one style.
 */
export function parseAnswerPage(html: string): ParsedAnswerPage {
  const document = parse(html);
  const all = [...elements(document)];
  for (const element of all) {
    assert.ok(pageElements.has(element.tagName), `unexpected <${element.tagName}> in the page`);
    for (const attr of element.attrs) {
      assert.ok(!attr.name.startsWith("on"), `event handler ${attr.name} in the page`);
      assert.ok(!/^\s*javascript:/i.test(attr.value), `javascript: URL in ${attr.name}`);
    }
  }
  const named = (tag: string) => all.filter((element) => element.tagName === tag);
  assert.equal(named("form").length, 1, "one form");
  assert.equal(named("style").length, 1, "one style element");
  const values: Record<string, string> = {};
  const fieldErrors: Record<string, string> = {};
  for (const element of all) {
    const name = attribute(element, "name");
    if (name === undefined || !["input", "select", "textarea"].includes(element.tagName)) continue;
    assert.ok(!(name in values), `${name} appears once`);
    if (element.tagName === "textarea") values[name] = textOf(element);
    else if (element.tagName === "select") {
      const options = element.childNodes.filter(isElement);
      const selected = options.filter((option) => attribute(option, "selected") !== undefined);
      assert.ok(selected.length <= 1, "one option selected at most");
      values[name] = attribute(selected[0] ?? options[0] ?? element, "value") ?? "";
    } else values[name] = attribute(element, "value") ?? "";
    if (attribute(element, "aria-invalid") === "true") {
      const describedBy = attribute(element, "aria-describedby");
      const message = all.find((candidate) => attribute(candidate, "id") === describedBy);
      assert.ok(message, `${name} points at its message`);
      fieldErrors[name] = textOf(message);
    }
  }
  const form = named("form")[0];
  return {
    styleText: textOf(named("style")[0] ?? document),
    formAction: form ? attribute(form, "action") : undefined,
    values,
    fieldErrors,
    links: named("a").map((link) => attribute(link, "href") ?? ""),
    text: textOf(named("body")[0] ?? document),
  };
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

export interface PageExpectation {
  /** The function's own address, where the page's form posts. */
  functionUrl: string;
  /** The site the links lead back to. */
  siteOrigin: string;
  /** What the visitor sent, when the function could read it. */
  sent?: Record<string, unknown> | undefined;
  /** The messages the shared schema gives for the sent fields (others are listed on top). */
  fieldErrors?: Record<string, string>;
}

/**
 * Holds an answer page to its contract: HTML with a strict policy whose style hash matches the
 * page's only style, every field the visitor typed back in its control, each field's message
 * beside it, the form posting to the function, the phone number and the way back to the site.
 */
export async function checkAnswerPage(
  response: Response,
  expected: PageExpectation,
): Promise<ParsedAnswerPage> {
  assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  const page = parseAnswerPage(await response.text());
  const policy = directives(response.headers.get("content-security-policy") ?? "");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(page.styleText));
  const styleHash = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  assert.deepEqual(policy.get("default-src"), ["'none'"]);
  assert.deepEqual(policy.get("style-src"), [styleHash], "the style is allowed by its hash");
  assert.deepEqual(policy.get("frame-ancestors"), ["'none'"]);
  assert.ok(!policy.has("script-src"), "no script source");
  const formAction = policy.get("form-action") ?? [];
  assert.equal(formAction[0], expected.functionUrl, "the page may post to the function");
  assert.ok(
    formAction.slice(1).every((source) => /^https?:\/\/[a-z0-9.:-]+$/.test(source)),
    `form-action names nothing but the function and a site origin: ${formAction}`,
  );

  assert.equal(page.formAction, expected.functionUrl);
  assert.ok(page.links.includes("tel:+18105550142"), "the phone number is a tel: link");
  assert.ok(page.links.includes(`${expected.siteOrigin}/`), "a link back to the site");
  assert.ok(
    page.links.every((link) => link === `${expected.siteOrigin}/` || link.startsWith("tel:")),
    `links lead only to the site or the phone: ${page.links}`,
  );
  assert.equal(page.values.website, "", "the honeypot is empty");
  const sent = expected.sent;
  for (const field of contactFields) {
    const raw = sent?.[field];
    const typed = typeof raw === "string" ? raw : "";
    const listed = serviceOptions.some((option) => option.value === typed);
    const shown = field === "service" ? (listed ? typed : "") : asParsed(typed);
    assert.equal(page.values[field], shown, `${field} is refilled as typed`);
  }
  const besideFields = Object.fromEntries(
    Object.entries(expected.fieldErrors ?? {}).filter(([field]) =>
      (contactFields as readonly string[]).includes(field),
    ),
  );
  assert.deepEqual(page.fieldErrors, besideFields, "each message sits by its field");
  return page;
}
