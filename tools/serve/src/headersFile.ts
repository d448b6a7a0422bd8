/**
 * Reads the `_headers` file that static hosts (Netlify, Cloudflare Pages) apply, so the local
 * server sends exactly the headers a deployment sends: one file, one truth.
 */
export interface HeaderRule {
  pattern: string;
  headers: ReadonlyArray<readonly [string, string]>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: { pattern: string; headers: Array<readonly [string, string]> } | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), headers: [] };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(":");
    if (!current || colon < 0) throw new Error(`_headers: cannot read line "${line.trim()}"`);
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.includes("*")) return pattern === path;
  const [prefix = "", suffix = ""] = pattern.split("*", 2);
  return (
    path.startsWith(prefix) && path.endsWith(suffix) && path.length >= prefix.length + suffix.length
  );
}

/**
 * Every header of every rule matching the path. A header two rules set is sent once with both
 * values joined by a comma, as Cloudflare Pages documents: two Content-Security-Policy values
 * are then two policies, both enforced.
 */
export function headersForPath(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const earlier = headers.get(key);
      headers.set(key, earlier === undefined ? value : `${earlier}, ${value}`);
    }
  }
  return headers;
}
