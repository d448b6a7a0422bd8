/**
 * One CSV field. Quoted always; a leading =, +, -, @, tab or CR is prefixed with ' so that a
 * spreadsheet never runs a visitor's text as a formula (CSV injection).
 */
export function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
