/**
 * The edge function that takes contact requests: its name, which is also its folder under
 * `supabase/functions`, and the path a Supabase project serves it at.
 */
const name = "send-contact-email";

export const contactFunction = {
  name,
  path: `/functions/v1/${name}`,
} as const;
