/**
 * The sending code (supabase-js's functions client, TanStack Query, the toasts), out of the page's
 * first script: fetched on the first focus in the form, or by the first submit, once for the page.
 */
let sendingCode: Promise<typeof import("./submission/sendingCode.ts")> | undefined;
export const loadSendingCode = () => {
  sendingCode ??= import("./submission/sendingCode.ts");
  return sendingCode;
};
