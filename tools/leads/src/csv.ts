import { visibleLines } from "@bluewater/supabase/lead-text";

// A spreadsheet runs a cell as a formula when its first visible character is one of these (the
// full-width and small forms too), even behind spaces or invisible characters such as U+200B or
// a BOM; a cell starting with a tab or line break is treated the same way by some importers.
// Tested on the text as stored, before its hidden characters are shown as codes.
const formulaStart =
  /^(?:[\t\r\n]|[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u;

/**
 * One CSV field, always quoted. A lead's text keeps its line breaks (as LF: a cell holds several
 * lines) and shows any other hidden character as its code; a cell that could start a formula
 * gets a leading ', which makes the spreadsheet show it as text (CSV injection).
 */
export function csvField(value: unknown): string {
  const raw = value instanceof Date ? value.toISOString() : value == null ? "" : String(value);
  const text = visibleLines(raw).join("\n");
  const cell = formulaStart.test(raw) ? `'${text}` : text;
  return `"${cell.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
