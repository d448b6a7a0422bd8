import {
  type ContactField,
  type ContactRequest,
  type ContactRequestErrors,
  checkContactRequest,
  firstInvalidField,
  honeypotField,
  isServiceOptionValue,
} from "@bluewater/content";
import { fieldId } from "@bluewater/ui/formField";
import {
  type FormEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { newRequestId } from "./newRequestId.ts";
import { useServiceRequest } from "./serviceRequest.tsx";
import { type SendOutcome, useContactSubmission } from "./useContactSubmission.tsx";

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
 * date), the service a card asked for, and sending through the lazily loaded submission code.
 */
export function useContactForm(formRef: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState<ContactRequest>(emptyRequest);
  const [errors, setErrors] = useState<ContactRequestErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [offline, setOffline] = useState(false);
  const inFlight = useRef(false);
  const serviceChosen = useRef(false);
  const attempt = useRef<{ key: string; id: string } | null>(null);
  const { request } = useServiceRequest();
  const submission = useContactSubmission();

  // Before hydration the form is a plain HTML form the browser checks and posts itself; from here
  // the inline messages and the app's sending take over, keeping anything already typed. A layout
  // effect runs in the same task as the commit that makes the app's submit handler live: with a
  // plain effect, a tap in between was checked against the empty state and refused what the
  // visitor had typed (seen on a 4x slowed phone, a tap 1 s after the app's code arrived).
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.noValidate = true;
    setValues(typedBeforeHydration(form));
  }, [formRef]);

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

  const send = async (request: ContactRequest, honeypot: string): Promise<SendOutcome> => {
    attempt.current = requestIdFor(attempt.current, request);
    inFlight.current = true;
    setSubmitting(true);
    let postedByTheBrowser = false;
    try {
      const outcome = await submission.send({
        ...request,
        requestId: attempt.current.id,
        [honeypotField]: honeypot,
        // Time since the page began loading: a person reads before writing, a bot posts at once.
        elapsedMs: Math.round(performance.now()),
      });
      if (outcome === "unavailable" && formRef.current) {
        postedByTheBrowser = postWithoutTheApp(formRef.current);
        setOffline(!postedByTheBrowser);
      }
      return outcome;
    } finally {
      // Once the browser is posting the form the page is on its way out: it stays busy.
      if (!postedByTheBrowser) {
        inFlight.current = false;
        setSubmitting(false);
      }
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>, honeypot: string) => {
    event.preventDefault();
    // A ref, not state: a second tap in the same moment must already see the first.
    if (inFlight.current) return;
    setAttempted(true);
    const check = checkContactRequest(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = firstInvalidField(check.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    if ((await send(check.value, honeypot)) !== "sent") return;
    setValues(emptyRequest);
    setAttempted(false);
    serviceChosen.current = false;
    attempt.current = null;
  };

  return {
    values,
    errors,
    offline,
    busy: submitting || submission.sending,
    update,
    submit,
    submission,
  };
}
