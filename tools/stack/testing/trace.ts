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
  args?: { data?: { url?: string }; beginData?: { url?: string } };
}

/** The page's renderer main thread: the one that parsed its HTML. */
export function mainThreadOf(
  events: readonly TraceEvent[],
  pageUrl: string,
): { pid: number; tid: number } {
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === pageUrl);
  if (!parse) throw new Error(`the trace never parses ${pageUrl}`);
  return parse;
}
