import {
  type ContactField,
  type ContactRequest,
  type ContactRequestErrors,
  checkContactRequest,
  firstInvalidField,
} from "@bluewater/content";
import { fieldId } from "@bluewater/ui/formField";
import { useEffect, useRef, useState } from "react";
import { emptyRequest } from "./formValues.ts";
import { useServiceRequest } from "./serviceRequest.tsx";

/**
 * What the form holds: its values, and the inline errors, shown after the first submit and then
 * kept up to date. A service a card asks for fills "Service Needed", unless the visitor chose one
 * themselves and the card only hinted.
 */
export function useFormValues() {
  const [values, setValues] = useState<ContactRequest>(emptyRequest);
  const [errors, setErrors] = useState<ContactRequestErrors>({});
  const [attempted, setAttempted] = useState(false);
  const serviceChosen = useRef(false);
  const { request } = useServiceRequest();

  useEffect(() => {
    if (!request || (request.strength === "hint" && serviceChosen.current)) return;
    serviceChosen.current ||= request.strength === "choice";
    setValues((current) => ({ ...current, service: request.value }));
  }, [request]);

  const update = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === "service") serviceChosen.current = true;
    if (attempted) {
      const check = checkContactRequest(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  /** Marks the fields to fix (the form's own check, or the function's words) and focuses the first. */
  const showErrors = (fieldErrors: ContactRequestErrors) => {
    setErrors(fieldErrors);
    const first = firstInvalidField(fieldErrors);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  /** The visitor pressed Send: check what they typed, from now on at every change too. */
  const check = () => {
    setAttempted(true);
    const result = checkContactRequest(values);
    if (result.ok) setErrors({});
    else showErrors(result.errors);
    return result;
  };

  /** Their request was taken: an empty form, checked again only at the next Send. */
  const clear = () => {
    setValues(emptyRequest);
    setAttempted(false);
    serviceChosen.current = false;
  };

  return { values, errors, takeOver: setValues, update, check, showErrors, clear };
}
