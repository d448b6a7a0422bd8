import type { TraceEvent } from "@bluewater/stack/trace";
import type { CDPSession } from "@playwright/test";

/** The trace events Chrome records while `load` runs: the main thread's tasks and paints. */
export async function traceLoad(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) =>
    cdp.once("Tracing.tracingComplete", () => resolve()),
  );
  await cdp.send("Tracing.start", {
    traceConfig: {
      includedCategories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "loading",
      ],
    },
    transferMode: "ReportEvents",
  });
  await load();
  await cdp.send("Tracing.end");
  await complete;
  return events;
}
