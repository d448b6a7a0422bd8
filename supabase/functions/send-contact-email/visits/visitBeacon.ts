import {
  visitAnswerErrors as errors,
  type VisitBeacon,
  visitLimits,
} from "@bluewater/content/visit";
import * as v from "valibot";
import { readBytes } from "../platform/requestBody.ts";
import { visitBeaconSchema } from "./visitSchema.ts";

export type BeaconRead =
  | { ok: true; beacon: VisitBeacon }
  | { ok: false; status: 400 | 408 | 413 | 415; error: string };

/**
 * `navigator.sendBeacon` sends a string as text/plain, which needs no CORS preflight; JSON is
 * taken too, from other clients.
 */
const beaconTypes = new Set(["text/plain", "application/json"]);

/**
 * A beacon's body, checked against the visit schema: nothing that does not fit it is stored. A
 * body not all there within its deadline is refused (408): a real beacon's few hundred bytes come
 * at once, and one sent byte by byte must not hold the request open for the platform's wall clock.
 */
export async function readBeacon(request: Request): Promise<BeaconRead> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!beaconTypes.has(type)) return { ok: false, status: 415, error: errors.unsupportedType };
  const bytes = await readBytes(request, visitLimits.beaconBytes, visitLimits.bodySeconds * 1000);
  if (bytes === "tooLarge") {
    return { ok: false, status: 413, error: errors.tooLarge(visitLimits.beaconBytes) };
  }
  if (bytes === "late") {
    return { ok: false, status: 408, error: errors.late(visitLimits.bodySeconds) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, status: 400, error: errors.notJson };
  }
  const checked = v.safeParse(visitBeaconSchema, parsed);
  return checked.success
    ? { ok: true, beacon: checked.output }
    : { ok: false, status: 400, error: errors.invalid(v.summarize(checked.issues)) };
}

/** Global Privacy Control or Do Not Track: the visitor asked not to be counted, so nothing is. */
export function declinesMeasurement(headers: Headers): boolean {
  return headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1";
}
