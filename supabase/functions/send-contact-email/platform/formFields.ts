/**
 * Reads an application/x-www-form-urlencoded body strictly. URLSearchParams would turn a broken
 * %-escape or a byte that is not UTF-8 into U+FFFD and store a garbled name; here either refuses
 * the whole body (undefined), so the sender is asked to send again. A field sent twice keeps its
 * last value, as a repeated key does in JSON.
 */
export function parseFormFields(bytes: Uint8Array): Record<string, string> | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const fields = new Map<string, string>();
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? "" : pair.slice(equals + 1);
    try {
      fields.set(decode(name), decode(value));
    } catch {
      return undefined;
    }
  }
  // fromEntries defines every key as its own property, `__proto__` included.
  return Object.fromEntries(fields);
}

function decode(component: string): string {
  return decodeURIComponent(component.replaceAll("+", " "));
}
