import {
  type FormEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useHoldWhileFilling } from "../start/index.ts";
import { reportVisit } from "../visit/visitChannel.ts";
import { type Attempt, fixableErrors, requestIdFor, typedBeforeHydration } from "./formValues.ts";
import { sendRequest } from "./sendRequest.ts";
import { useFormValues } from "./useFormValues.ts";
import { useToasts } from "./useToasts.ts";

/**
 * The contact form once the app runs: it takes over what was typed into the plain HTML form, and
 * sends (sendRequest.ts) with one request id per content. Values and errors: useFormValues;
 * toasts: useToasts; what waits while the visitor fills it in: useHoldWhileFilling.
 */
export function useContactForm(formRef: RefObject<HTMLFormElement | null>) {
  const form = useFormValues();
  const { toasts, toast, dismissToast } = useToasts();
  const [submitting, setSubmitting] = useState(false);
  const [notSent, setNotSent] = useState(false);
  const [prepared, setPrepared] = useState(false);
  const inFlight = useRef(false);
  const attempt = useRef<Attempt | null>(null);
  const { filling, filled } = useHoldWhileFilling(submitting);
  /** Focus came into the form: the visitor is filling it in, and will send it. */
  const enter = useCallback(() => {
    setPrepared(true);
    filling();
  }, [filling]);

  // Before hydration the form is a plain HTML form the browser checks and posts itself; from here
  // the inline messages and the app's sending take over, keeping anything already typed. A layout
  // effect runs in the same task as the commit that makes the app's submit handler live, so no
  // tap can fall between them and be checked against an empty state.
  const { takeOver } = form;
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    element.noValidate = true;
    takeOver(typedBeforeHydration(element));
    // A visitor already in the form gets no focus event from it: prepare the sending code now,
    // not at their tap on Send.
    if (element.contains(document.activeElement)) enter();
  }, [formRef, enter, takeOver]);

  const submit = async (event: FormEvent<HTMLFormElement>, honeypot: string) => {
    event.preventDefault();
    // A ref, not state: a second tap in the same moment must already see the first.
    if (inFlight.current) return;
    const check = form.check();
    if (!check.ok) return;
    attempt.current = requestIdFor(attempt.current, check.value);
    inFlight.current = true;
    setSubmitting(true);
    const outcome = await sendRequest(formRef.current, check.value, attempt.current.id, honeypot);
    // The browser posts the form: the page, on its way out, stays busy.
    if (outcome === "posted") return;
    inFlight.current = false;
    setSubmitting(false);
    if (outcome.kind === "sent") {
      setNotSent(false);
      reportVisit({ sent: "app" });
      toast("success");
      filled();
      form.clear();
      attempt.current = null;
      return;
    }
    const fixable = outcome.kind === "refused" ? fixableErrors(outcome.fields) : undefined;
    if (fixable) form.showErrors(fixable);
    // A toast goes after a few seconds; a homeowner who looked away must still see that the
    // request did not go, and the phone number, until the next try.
    setNotSent(!fixable);
    if (!fixable && outcome.kind !== "unavailable") toast("failure");
  };

  return {
    values: form.values,
    errors: form.errors,
    /** The last send failed for a reason not the visitor's to fix: the form says so until the next. */
    notSent,
    busy: submitting,
    /** Once the visitor is in the form: the toasts (and with them the sending code) are loaded. */
    prepared,
    enter,
    /** The visitor focused or typed in the form. */
    filling,
    toasts,
    dismissToast,
    update: form.update,
    submit,
  };
}
