/** How a send ended, and so what the visitor is shown (docs/form.md). */
export type SendOutcome =
  /** Stored: the success toast. */
  | { kind: "sent" }
  /** Refused, naming what to fix in the function's words: shown next to the fields it names. */
  | { kind: "refused"; fields: Record<string, string> }
  /** Not the visitor's to fix (network, 5xx, 429): the error toast, with the phone number. */
  | { kind: "failed" }
  /** The sending code could not be loaded and the browser is offline: the phone number. */
  | { kind: "unavailable" };
