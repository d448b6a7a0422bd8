import { type ContactRequest, honeypotField } from "@bluewater/content";
import { currentLeadSource } from "../visit/visitChannel.ts";
import { loadSendingCode } from "./loadSendingCode.ts";
import type { SendOutcome } from "./sendOutcome.ts";

/**
 * When the sending code cannot be loaded, the browser posts the form itself, as it does without
 * JavaScript: the function answers that post too. Only a browser that knows it is offline keeps
 * the visitor on the page (with the phone number), since a post would end on an error page.
 */
function postWithoutTheApp(form: HTMLFormElement | null): boolean {
  if (!form || !navigator.onLine) return false;
  HTMLFormElement.prototype.submit.call(form);
  return true;
}

/**
 * Sends a checked request through the lazily loaded sending code (submission/sendingCode.ts: a
 * TanStack Query mutation that invokes the function through supabase-js's functions client).
 * "posted": the code did not arrive and the browser posts the form, leaving the page.
 */
export async function sendRequest(
  form: HTMLFormElement | null,
  request: ContactRequest,
  requestId: string,
  honeypot: string,
): Promise<SendOutcome | "posted"> {
  const sending = await loadSendingCode().catch(() => undefined);
  if (!sending) return postWithoutTheApp(form) ? "posted" : { kind: "unavailable" };
  return sending.sendContactRequest({
    ...request,
    ...currentLeadSource(),
    requestId,
    [honeypotField]: honeypot,
    // Time since the page began loading: a person reads before writing, a bot posts at once.
    elapsedMs: Math.round(performance.now()),
  });
}
