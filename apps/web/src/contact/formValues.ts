import {
  type ContactField,
  type ContactRequest,
  type ContactRequestErrors,
  isContactField,
  isServiceOptionValue,
} from "@bluewater/content";
import { newRequestId } from "./newRequestId.ts";

export const emptyRequest: ContactRequest = {
  name: "",
  phone: "",
  email: "",
  service: "",
  message: "",
};

/** The fields a refusal names that the visitor can fix: the form's own. */
export function fixableErrors(fields: Record<string, string>): ContactRequestErrors | undefined {
  const errors: ContactRequestErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (!isContactField(field)) return undefined;
    errors[field] = message;
  }
  return errors;
}

export interface Attempt {
  key: string;
  id: string;
}

/** The same values sent again reuse the request id, so a retry can never make a second lead. */
export function requestIdFor(attempt: Attempt | null, values: ContactRequest): Attempt {
  const key = JSON.stringify(values);
  return attempt?.key === key ? attempt : { key, id: newRequestId() };
}

/** What the visitor typed into the server-rendered form before the page became interactive. */
export function typedBeforeHydration(form: HTMLFormElement): ContactRequest {
  const data = new FormData(form);
  const read = (field: ContactField) => String(data.get(field) ?? "");
  const service = read("service");
  return {
    name: read("name"),
    phone: read("phone"),
    email: read("email"),
    service: isServiceOptionValue(service) ? service : "",
    message: read("message"),
  };
}
