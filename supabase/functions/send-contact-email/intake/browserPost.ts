// @ts-types="@types/negotiator"
import Negotiator from "negotiator";

/**
 * True when a browser is navigating with this request (a plain HTML form was posted), so the
 * answer is shown as a page: Fetch Metadata says so, or the Accept header prefers HTML to JSON
 * (browsers without Fetch Metadata). fetch() and curl send neither.
 */
export function isBrowserNavigation(headers: Headers): boolean {
  if (headers.get("sec-fetch-mode")?.toLowerCase() === "navigate") return true;
  if (headers.get("sec-fetch-dest")?.toLowerCase() === "document") return true;
  const accept = headers.get("accept");
  if (!accept) return false;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([
    "application/json",
    "text/html",
  ]);
  return preferred === "text/html";
}
