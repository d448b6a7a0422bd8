/**
 * A stored visit's or lead's source (the columns site_visits and contact_requests share) as the
 * owner reads it: "Google Ads", "Google search", "the truck's QR code", "Direct"…
 */
import type { VisitSource } from "@bluewater/content/visit";
import { visitSourceLabel } from "@bluewater/content/visit-sources";

export interface SourceColumns {
  utm_source: string | null;
  utm_medium: string | null;
  referrer_host: string | null;
  has_gclid: boolean;
  has_fbclid: boolean;
}

export function sourceOfRow(row: Partial<Record<keyof SourceColumns, unknown>>): VisitSource {
  const source: VisitSource = {};
  if (typeof row.utm_source === "string") source.utmSource = row.utm_source;
  if (typeof row.utm_medium === "string") source.utmMedium = row.utm_medium;
  if (typeof row.referrer_host === "string") source.referrer = row.referrer_host;
  if (row.has_gclid === true) source.gclid = true;
  if (row.has_fbclid === true) source.fbclid = true;
  return source;
}

export function sourceLabelOfRow(row: Partial<Record<keyof SourceColumns, unknown>>): string {
  return visitSourceLabel(sourceOfRow(row));
}
