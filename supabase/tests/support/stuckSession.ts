import { startNodeHelper } from "./nodeHelper.ts";

export type StuckSessionMode = "idle-in-transaction" | "unsynced" | "long-statement";

/** A misbehaving session on `url` (tools/stack/stuckSession.ts); `release` closes it. */
export async function holdStuckSession(
  url: string,
  mode: StuckSessionMode,
): Promise<{ release(): Promise<void> }> {
  const helper = startNodeHelper("stuckSession.ts", [url, mode]);
  await helper.next<{ stuck: true }>();
  return { release: () => helper.close() };
}
