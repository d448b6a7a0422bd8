import type { ContactSubmission } from "@bluewater/content";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { contactFunctionName } from "../../config/supabaseConfig.ts";

/** The function's answer: only `error` is read (docs/function.md). */
interface FunctionAnswer {
  error?: unknown;
}

async function readAnswerError(error: unknown): Promise<string | undefined> {
  if (!(error instanceof FunctionsHttpError) || !(error.context instanceof Response))
    return undefined;
  try {
    const answer = (await error.context.json()) as FunctionAnswer;
    return typeof answer.error === "string" ? answer.error : undefined;
  } catch {
    return undefined;
  }
}

/** Posts one request to the edge function; throws with the server's `error` when it refuses. */
export async function sendContactRequest(
  client: SupabaseClient,
  submission: ContactSubmission,
): Promise<void> {
  const { error } = await client.functions.invoke<FunctionAnswer>(contactFunctionName, {
    body: submission,
  });
  if (!error) return;
  const reason = (await readAnswerError(error)) ?? error.message;
  throw new Error(reason, { cause: error });
}
