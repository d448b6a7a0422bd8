import { contactFunction } from "@bluewater/content";

export interface SupabaseConfig {
  url: string;
  publishableKey: string;
}

type Env = Partial<Record<"VITE_SUPABASE_URL" | "VITE_SUPABASE_PUBLISHABLE_KEY", string>>;

/**
 * The backend's URL and public key, fixed at build time. Missing values stop the app at start
 * with the messages supabase-js itself uses, rather than at the first submit.
 */
export function readSupabaseConfig(env: Env): SupabaseConfig {
  const url = env.VITE_SUPABASE_URL?.trim();
  const publishableKey = env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim();
  if (!url) throw new Error("supabaseUrl is required.");
  if (!publishableKey) throw new Error("supabaseKey is required.");
  return { url, publishableKey };
}

export const supabaseConfig: SupabaseConfig = readSupabaseConfig(import.meta.env);

/**
 * Where the contact form posts: the app's functions client calls it when the app runs, and the
 * browser posts the form there by itself when the app is not running (no JavaScript, or its code
 * failed to load).
 */
export const contactFunctionUrl = `${supabaseConfig.url.replace(/\/+$/, "")}${contactFunction.path}`;
