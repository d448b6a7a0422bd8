import {
  type ContactSubmission,
  contactFunction,
  contactToasts,
  isContactRefusal,
} from "@bluewater/content";
import { FunctionsHttpError } from "@supabase/functions-js";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import type { SendOutcome } from "../sendOutcome.ts";
import { functionsClient } from "./functionsClient.ts";

export { ContactToasts } from "./ContactToasts.tsx";

/**
 * The form's sending code, fetched on the visitor's first focus in the form: supabase-js's
 * functions client, TanStack Query and the toasts stay out of the page's first script. One
 * mutation, run through TanStack Query outside React (the form's submit handler awaits it), so the
 * form needs no provider.
 */
const sendRequest = new MutationObserver(new QueryClient(), {
  retry: false,
  mutationFn: async (submission: ContactSubmission) => {
    const { error } = await functionsClient().invoke(contactFunction.name, {
      body: submission,
    });
    if (error) throw error;
  },
});

/** The function's refusal, when it answered one: a 400 names the fields to fix in its own words. */
async function refusalOf(error: unknown): Promise<unknown> {
  if (!(error instanceof FunctionsHttpError) || !(error.context instanceof Response)) return;
  if (error.context.status !== 400) return;
  return error.context.json().catch(() => undefined);
}

/** Sends one request; what the visitor is told comes from the outcome (docs/form.md). */
export async function sendContactRequest(submission: ContactSubmission): Promise<SendOutcome> {
  try {
    await sendRequest.mutate(submission);
    return { kind: "sent" };
  } catch (error) {
    const refusal = await refusalOf(error);
    if (isContactRefusal(refusal) && refusal.fields)
      return { kind: "refused", fields: refusal.fields };
    console.error(contactToasts.consoleMessage, error);
    return { kind: "failed" };
  }
}
