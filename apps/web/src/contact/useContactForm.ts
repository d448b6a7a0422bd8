import {
  type ContactField,
  type ContactRequest,
  type ContactRequestErrors,
  checkContactRequest,
  contactToasts,
  firstInvalidField,
  honeypotField,
  isContactField,
  isServiceOptionValue,
} from "@bluewater/content";
import { fieldId } from "@bluewater/ui/formField";
import {
  type FormEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { currentVisitSource, reportVisit } from "../visit/visitChannel.ts";
import { newRequestId } from "./newRequestId.ts";
import type { SendOutcome } from "./sendOutcome.ts";
import { useServiceRequest } from "./serviceRequest.tsx";
import type { ContactToastMessage } from "./submission/ContactToasts.tsx";
import { useHoldWhileFilling } from "./useHoldWhileFilling.ts";

/**
 * The sending code (supabase-js's functions client, TanStack Query, the toasts), out of the page's
 * first script: fetched on the first focus in the form, or by the first submit, once for the page.
 */
let sendingCode: Promise<typeof import("./submission/sendingCode.ts")> | undefined;
export const loadSendingCode = () => {
  sendingCode ??= import("./submission/sendingCode.ts");
  return sendingCode;
};

/** The fields a refusal names that the visitor can fix: the form's own. */
function fixableErrors(fields: Record<string, string>): ContactRequestErrors | undefined {
  const errors: ContactRequestErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (!isContactField(field)) return undefined;
    errors[field] = message;
  }
  return errors;
}

const emptyRequest: ContactRequest = { name: "", phone: "", email: "", service: "", message: "" };

/** The same values sent again reuse the request id, so a retry can never make a second lead. */
function requestIdFor(attempt: { key: string; id: string } | null, values: ContactRequest) {
  const key = JSON.stringify(values);
  return attempt?.key === key ? attempt : { key, id: newRequestId() };
}

/** What the visitor typed into the server-rendered form before the page became interactive. */
function typedBeforeHydration(form: HTMLFormElement): ContactRequest {
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

/**
 * When the sending code cannot be loaded, the browser posts the form itself, as it does without
 * JavaScript: the function answers that post too. Only a browser that knows it is offline keeps
 * the visitor on the page (with the phone number), since a post would end on an error page.
 */
function postWithoutTheApp(form: HTMLFormElement): boolean {
  if (!navigator.onLine) return false;
  HTMLFormElement.prototype.submit.call(form);
  return true;
}

/**
 * The contact form's state: values, inline errors (shown after the first submit, then kept up to
 * date, and the function's own words when it refuses a field), the service a card asked for, the
 * toasts, and the submit: check, then send through the lazily loaded sending code
 * (submission/sendingCode.ts: a TanStack Query mutation that invokes the function through
 * supabase-js's functions client).
 */
export function useContactForm(formRef: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState<ContactRequest>(emptyRequest);
  const [errors, setErrors] = useState<ContactRequestErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [offline, setOffline] = useState(false);
  const [toasts, setToasts] = useState<ContactToastMessage[]>([]);
  const [prepared, setPrepared] = useState(false);
  const inFlight = useRef(false);
  const toastCount = useRef(0);
  const serviceChosen = useRef(false);
  const attempt = useRef<{ key: string; id: string } | null>(null);
  const { request } = useServiceRequest();
  // Nothing the visitor is not waiting for competes with their typing and their send.
  const { active: filling, done: filled } = useHoldWhileFilling(submitting);
  /** Focus came into the form: the visitor is filling it in, and will send it. */
  const enter = useCallback(() => {
    setPrepared(true);
    filling();
  }, [filling]);

  // Before hydration the form is a plain HTML form the browser checks and posts itself; from here
  // the inline messages and the app's sending take over, keeping anything already typed. A layout
  // effect runs in the same task as the commit that makes the app's submit handler live, so no
  // tap can fall between them and be checked against an empty state.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.noValidate = true;
    setValues(typedBeforeHydration(form));
    // A visitor already in the form when the app took over gets no focus event from it: without
    // this, the sending code was evaluated only at their tap on Send (250 ms on the bench's phone).
    if (form.contains(document.activeElement)) enter();
  }, [formRef, enter]);

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

  const toast = (kind: ContactToastMessage["kind"]) => {
    toastCount.current += 1;
    const shown = { id: toastCount.current, kind };
    setToasts((current) => [...current, shown].slice(-contactToasts.maxVisible));
  };

  const submit = async (event: FormEvent<HTMLFormElement>, honeypot: string) => {
    event.preventDefault();
    // A ref, not state: a second tap in the same moment must already see the first.
    if (inFlight.current) return;
    setAttempted(true);
    const check = checkContactRequest(values);
    if (!check.ok) return showErrors(check.errors);
    setErrors({});
    attempt.current = requestIdFor(attempt.current, check.value);
    inFlight.current = true;
    setSubmitting(true);
    const sending = await loadSendingCode().catch(() => undefined);
    // Without its sending code the browser posts the form, and the page, on its way out, stays
    // busy; only a browser that knows it is offline keeps the visitor here, with the phone number.
    if (!sending && formRef.current && postWithoutTheApp(formRef.current)) return;
    const outcome: SendOutcome = sending
      ? await sending.sendContactRequest({
          ...check.value,
          ...currentVisitSource(),
          requestId: attempt.current.id,
          [honeypotField]: honeypot,
          // Time since the page began loading: a person reads before writing, a bot posts at once.
          elapsedMs: Math.round(performance.now()),
        })
      : { kind: "unavailable" };
    inFlight.current = false;
    setSubmitting(false);
    setOffline(outcome.kind === "unavailable");
    if (outcome.kind === "sent") {
      reportVisit({ sent: "app" });
      toast("success");
      filled();
      setValues(emptyRequest);
      setAttempted(false);
      serviceChosen.current = false;
      attempt.current = null;
      return;
    }
    const fixable = outcome.kind === "refused" ? fixableErrors(outcome.fields) : undefined;
    if (fixable) showErrors(fixable);
    else if (outcome.kind !== "unavailable") toast("failure");
  };

  return {
    values,
    errors,
    offline,
    busy: submitting,
    /** Once the visitor is in the form: the toasts (and with them the sending code) are loaded. */
    prepared,
    enter,
    /** The visitor typed or chose something in the form. */
    typed: filling,
    toasts,
    dismissToast: (id: number) => setToasts((shown) => shown.filter((t) => t.id !== id)),
    update,
    submit,
  };
}
