/**
 * Chrome's trace events, as the bench and the browser tests read them: what a page's main thread
 * did, task by task.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string }; beginData?: { url?: string; totalObjects?: number } };
}

/**
 * The page's renderer main thread: the one that parsed its HTML. Chrome names the document's URL
 * on its first parse; should that event be missing from a trace (seen once in CI, not reproduced
 * here), the thread of the longest HTML parse is the page's, since the other renderers only parse
 * a blank document.
 */
export function mainThreadOf(
  events: readonly TraceEvent[],
  pageUrl: string,
): { pid: number; tid: number } {
  const parses = events.filter((e) => e.name === "ParseHTML");
  const named = parses.find((e) => e.args?.beginData?.url === pageUrl);
  if (named) return named;
  const longest = parses.toSorted((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (longest) return longest;
  throw new Error(
    `the trace never parses ${pageUrl}: ${events.length} events, no ParseHTML among them`,
  );
}

/** The thread's top-level tasks. */
export function topLevelTasks(
  events: readonly TraceEvent[],
  { pid, tid }: { pid: number; tid: number },
): TraceEvent[] {
  return events.filter(
    (e) => e.name === "RunTask" && e.ph === "X" && e.pid === pid && e.tid === tid,
  );
}

/** When an event ends, in the trace's microseconds. */
export const endOf = (event: TraceEvent): number => event.ts + (event.dur ?? 0);

/** Whether `event` begins while `span` (a task, a script's evaluation) runs. */
export const startsWithin = (event: TraceEvent, span: TraceEvent): boolean =>
  event.ts >= span.ts && event.ts < endOf(span);
