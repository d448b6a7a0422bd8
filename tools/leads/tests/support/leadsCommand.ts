import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** Runs `pnpm leads <args>` as the owner would, against the database at `databaseUrl`; its stdout. */
export async function leadsCommand(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      "--conditions=@bluewater/source",
      new URL("../../src/leads.ts", import.meta.url).pathname,
      ...args,
    ],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 10_000_000 },
  );
  return stdout;
}
