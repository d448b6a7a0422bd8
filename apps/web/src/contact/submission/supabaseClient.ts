import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { supabaseConfig } from "../../config/supabaseConfig.ts";

let client: SupabaseClient | undefined;

/** One client per page, made on first use: supabase-js is loaded only once a visitor needs it. */
export function supabaseClient(): SupabaseClient {
  client ??= createClient(supabaseConfig.url, supabaseConfig.publishableKey);
  return client;
}
