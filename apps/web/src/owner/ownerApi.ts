import {
  leadTokenHeader,
  type MarkContactedRefusal,
  type MarkContactedRefusalReason,
  markContactedRefusalReasons,
} from "@bluewater/content/contact";
import { contactFunctionUrl, supabaseConfig } from "../config/supabaseConfig.ts";

/**
 * How the owner's page asks the function (docs/owner-tools.md): the lead's route, the link's
 * token in its header, no cookie, no Referer. A 409 is an answer (a replay, an undo too late),
 * not a refusal; a refusal carries the page's reason, or one made up for an answer that is not
 * the route's (a gateway, a proxy).
 */
export type Answer =
  | { kind: "ok"; status: number; body: unknown }
  | { kind: "refused"; reason: MarkContactedRefusalReason; days: number | undefined }
  | { kind: "offline" };

export async function ask(
  method: "GET" | "POST",
  route: string,
  leadId: string,
  token: string,
  json?: unknown,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${contactFunctionUrl}${route}${leadId}`, {
      method,
      headers: {
        apikey: supabaseConfig.publishableKey,
        [leadTokenHeader]: token,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      cache: "no-store",
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
  } catch {
    return { kind: "offline" };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok || response.status === 409) return { kind: "ok", status: response.status, body };
  const refusal = body as Partial<MarkContactedRefusal> | undefined;
  const reason = markContactedRefusalReasons.find((known) => known === refusal?.reason);
  if (reason) return { kind: "refused", reason, days: refusal?.days };
  return {
    kind: "refused",
    reason: response.status === 503 ? "unavailable" : "unexpected",
    days: undefined,
  };
}
