import { leadOutcomeRoute, readOutcomeRequest } from "@bluewater/content/contact";
import { leadOutcomes as words } from "@bluewater/content/lead-outcomes";
import { applyOutcome, leadMarks } from "../../_shared/leadOutcomes.ts";
import type { RunQuery } from "../../_shared/ownerReport.ts";
import { errorResponse, jsonResponse } from "../platform/http.ts";
import { bodyKindOf, readBody } from "../platform/requestBody.ts";
import { answerOwnerLink, type ContactedRouteDeps, type OwnerLink } from "./contactedRoute.ts";

/** A mark is a few fields: anything longer is not one. */
const maxBodyBytes = 1024;

/**
 * `/outcome/<lead id>` (docs/owner-tools.md, "After the call"): GET lists the lead's marks after
 * the call and changes nothing; POST marks one step or undoes one. Both need the token of the
 * owner's link, signed for this lead and unexpired, exactly as marking a lead as called does, and
 * are refused in the same words without it.
 */
export function answerOutcomeRoute(
  request: Request,
  route: string,
  deps: ContactedRouteDeps,
): Promise<Response> {
  const accepted = {
    prefix: leadOutcomeRoute,
    methods: ["GET", "POST"],
    wrongMethod: words.wrongMethod,
  };
  return answerOwnerLink(request, route, deps, accepted, (link) => answerLink(request, deps, link));
}

async function answerLink(
  request: Request,
  deps: ContactedRouteDeps,
  { leadId, cors, refuse }: OwnerLink,
): Promise<Response> {
  const db = deps.database();
  const run: RunQuery = async (text, params) => (await db.query(text, [...params])).rows;
  if (request.method === "GET") {
    const marks = await leadMarks(run, leadId, deps.now);
    return marks ? jsonResponse(200, { marks }, cors) : refuse("notFound");
  }
  if (bodyKindOf(request.headers.get("content-type")) !== "json") {
    return errorResponse(415, words.notJson, cors);
  }
  const body = await readBody(request, "json", maxBodyBytes);
  if (!body.ok) return errorResponse(body.status, body.error, cors);
  const read = readOutcomeRequest(body.value);
  if (!read.ok) return errorResponse(400, words.problems[read.problem], cors);
  const answer = await applyOutcome(run, leadId, read.request, deps.now);
  if (!answer) return refuse("notFound");
  const replayed = answer.result === "already" || answer.result === "tooLate";
  return jsonResponse(replayed || answer.result === "notMarked" ? 409 : 200, answer, cors);
}
