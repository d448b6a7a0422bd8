import { business } from "../copy/business.ts";

/** The controls under each chat answer that lead to a call or a visit. */
export const chatNextSteps = {
  label: "Next steps",
  call: `Call ${business.phone.display}`,
  requestInspection: "Request a free inspection",
} as const;
