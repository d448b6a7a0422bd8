/**
 * The env file `supabase secrets set --env-file` reads, written so that the CLI reads back exactly
 * the values given. The CLI (3.x, the npm package `supabase`) parses it with the npm package
 * `dotenv` (motdotla/dotenv, lib/main.js, `parse`): a value in '…' or `…` is taken literally,
 * line breaks included; one in "…" has each `\n` and `\r` turned into a line break, and keeps
 * every other backslash. No quote of the kind around a value can be escaped inside it, a
 * backslash before the closing quote makes the parser look for a later one, and the file's
 * carriage returns become line feeds before it is read.
 */

/**
 * `value` between quotes the parser takes it back from unchanged, or undefined when none does:
 * literal quotes first; double quotes only when `\n` and `\r` can stand for the value's breaks.
 */
function quoted(value: string): string | undefined {
  if (value.endsWith("\\")) return undefined;
  if (!value.includes("\r")) {
    for (const quote of ["'", "`"]) if (!value.includes(quote)) return `${quote}${value}${quote}`;
  }
  if (!value.includes('"') && !/\\[nr]/.test(value)) {
    return `"${value.replaceAll("\n", "\\n").replaceAll("\r", "\\r")}"`;
  }
  return undefined;
}

/** Why the CLI could not read `value` back as it is, or undefined when it can. */
export function unwritableSecret(value: string): string | undefined {
  return quoted(value) === undefined
    ? 'ends with a backslash or holds characters the Supabase CLI cannot read back from a secrets file (all of \' ` " together, or a carriage return with " or a backslash-n)'
    : undefined;
}

/** The file's text: one NAME=<quoted value> line per secret. Throws on a value it cannot write. */
export function secretsFile(secrets: Readonly<Record<string, string>>): string {
  const lines = Object.entries(secrets).map(([name, value]) => {
    const line = quoted(value);
    if (line === undefined) throw new Error(`${name} ${unwritableSecret(value)}`);
    return `${name}=${line}`;
  });
  return `${lines.join("\n")}\n`;
}
