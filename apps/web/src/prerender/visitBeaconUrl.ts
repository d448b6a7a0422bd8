import { visitRoutePath } from "@bluewater/content/visit";
import { contactFunctionUrl } from "../config/supabaseConfig.ts";

/**
 * Where the page's first script sends the visit's beacon: the contact function's visit route,
 * written by the build onto the script tag (the first script shares no code with the app).
 */
export const visitBeaconUrl = `${contactFunctionUrl}${visitRoutePath}`;
