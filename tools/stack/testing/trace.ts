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
