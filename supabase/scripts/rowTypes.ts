/**
 * Turns the columns of the public tables, as a database with every migration applied reports
 * them, into the TypeScript row types the function and `pnpm leads` share. Plain TypeScript with
 * no imports: the generator runs it in Node, the test that keeps the types current in Deno.
 */
export interface ColumnInfo {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
}

export const publicColumnsQuery = `
  select table_name, column_name, udt_name, is_nullable
  from information_schema.columns
  where table_schema = 'public'
  order by table_name, ordinal_position`;

/** What the drivers (pg in the function, postgres.js in `pnpm leads`) return for each column type the migrations use (bigint would be a string). */
export const typeScriptTypes: Record<string, string> = {
  uuid: "string",
  text: "string",
  timestamptz: "Date",
  bool: "boolean",
  int4: "number",
  // Both drivers return a bigint as a string, so that no digit is lost.
  int8: "string",
  float4: "number",
};

export const rowTypesFile = "functions/_shared/tableRows.ts";

/** contact_requests → ContactRequestRow: one row of the table, so the plural s goes. */
export function rowTypeName(table: string): string {
  const words = table.replace(/s$/, "").split("_");
  return `${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")}Row`;
}

function columnType(column: ColumnInfo): string {
  const type = typeScriptTypes[column.udt_name];
  if (type === undefined) {
    throw new Error(
      `${column.table_name}.${column.column_name} has type ${column.udt_name}: ` +
        "add what the drivers return for it to typeScriptTypes in supabase/scripts/rowTypes.ts",
    );
  }
  return column.is_nullable === "YES" ? `${type} | null` : type;
}

export function renderRowTypes(columns: readonly ColumnInfo[]): string {
  const tables = [...new Set(columns.map((column) => column.table_name))];
  const interfaces = tables.map((table) => {
    const fields = columns
      .filter((column) => column.table_name === table)
      .map((column) => `  ${column.column_name}: ${columnType(column)};`);
    return [
      `/** A row of public.${table}, as the drivers return it. */`,
      `export interface ${rowTypeName(table)} {`,
      ...fields,
      "}",
    ].join("\n");
  });
  return [
    "// Generated from supabase/migrations by `pnpm --filter @bluewater/supabase generate-row-types`.",
    "// Do not edit: change a migration and run the generator; tests/platform/tableRows.test.ts fails when stale.",
    "",
    interfaces.join("\n\n"),
    "",
  ].join("\n");
}
