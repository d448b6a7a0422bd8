import type { LeadSource, VisitBeacon, VisitSource } from "@bluewater/content/visit";

/**
 * What the page's first script (src/visit/visitBeacon.ts) offers the app about this page view:
 * the visit's source, which each request carries, and a way to add what only the app knows (a
 * request it sent, Core Web Vitals) to the beacon. A global rather than a shared module: the
 * first script is inlined in the page and shares no code with the app's chunks. There is none
 * for a visitor whose browser asks not to be tracked (Global Privacy Control, Do Not Track).
 */
export interface VisitChannel {
  source: VisitSource;
  /** The ad click's id: for a request only, never in the beacon. */
  googleClickId?: string | undefined;
  report(detail: Partial<VisitBeacon>): void;
  /** When the visitor first acted (`performance.now()`), once they have. */
  actedAt?: number;
  /** Once the beacon has gone: nothing reported after it is sent. */
  sent?: boolean;
}

declare global {
  interface Window {
    bluewaterVisit?: VisitChannel;
  }
}

/** Adds to this page view's beacon; nothing is sent from here. */
export function reportVisit(detail: Partial<VisitBeacon>): void {
  window.bluewaterVisit?.report(detail);
}

/** Where this visit came from, for the request the visitor sends (empty without the first script). */
export function currentLeadSource(): LeadSource {
  const visit = window.bluewaterVisit;
  return visit ? { ...visit.source, googleClickId: visit.googleClickId } : {};
}
