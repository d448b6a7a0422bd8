import {
  business,
  type ContactField,
  type ContactRequest,
  type ContactRequestErrors,
  checkContactRequest,
  contactRequestLimits,
  contactSection,
  contactToasts,
  firstInvalidField,
  honeypotField,
  serviceOptions,
} from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { FormField } from "@bluewater/ui/formField";
import { Input } from "@bluewater/ui/input";
import { Select } from "@bluewater/ui/select";
import { Textarea } from "@bluewater/ui/textarea";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { newRequestId } from "./newRequestId.ts";
import { useServiceRequest } from "./serviceRequest.tsx";
import { useContactSubmission } from "./useContactSubmission.tsx";

const { form } = contactSection;
const fieldId = (field: ContactField) => `field-${field}`;

/** Where focus goes when a service card sends the visitor to the form. */
export const contactFirstFieldId = fieldId("name");

const emptyRequest: ContactRequest = { name: "", phone: "", email: "", service: "", message: "" };

/** The same values sent again reuse the request id, so a retry can never make a second lead. */
function requestIdFor(attempt: { key: string; id: string } | null, values: ContactRequest) {
  const key = JSON.stringify(values);
  return attempt?.key === key ? attempt : { key, id: newRequestId() };
}

export function ContactForm() {
  const [values, setValues] = useState<ContactRequest>(emptyRequest);
  const [errors, setErrors] = useState<ContactRequestErrors>({});
  const [attempted, setAttempted] = useState(false);
  const serviceChosen = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const openedAt = useRef(0);
  const attempt = useRef<{ key: string; id: string } | null>(null);
  const { request } = useServiceRequest();
  const submission = useContactSubmission();
  const { sending } = submission;

  // Before hydration the browser's own checks guard the form; after it, the inline messages do.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
    openedAt.current = performance.now();
  }, []);

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setAttempted(true);
    const check = checkContactRequest(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = firstInvalidField(check.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    attempt.current = requestIdFor(attempt.current, check.value);
    const accepted = await submission.send({
      ...check.value,
      requestId: attempt.current.id,
      [honeypotField]: honeypot.current?.value ?? "",
      elapsedMs: Math.round(performance.now() - openedAt.current),
    });
    if (!accepted) return;
    setValues(emptyRequest);
    setAttempted(false);
    serviceChosen.current = false;
    attempt.current = null;
  };

  const text = (field: ContactField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      update(field, event.currentTarget.value),
  });

  return (
    <form
      ref={formRef}
      method="post"
      aria-label={form.label}
      onSubmit={submit}
      onFocus={submission.prepare}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-muted-foreground">{form.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField name="name" label={form.fields.name.label} required error={errors.name}>
            {(control) => (
              <Input
                {...control}
                {...text("name")}
                autoComplete={form.fields.name.autoComplete}
                placeholder={form.fields.name.placeholder}
                maxLength={contactRequestLimits.name}
              />
            )}
          </FormField>
        </div>
        <FormField name="phone" label={form.fields.phone.label} required error={errors.phone}>
          {(control) => (
            <Input
              {...control}
              {...text("phone")}
              type="tel"
              inputMode="tel"
              autoComplete={form.fields.phone.autoComplete}
              placeholder={form.fields.phone.placeholder}
              maxLength={contactRequestLimits.phone}
            />
          )}
        </FormField>
        <FormField name="email" label={form.fields.email.label} required error={errors.email}>
          {(control) => (
            <Input
              {...control}
              {...text("email")}
              type="email"
              autoComplete={form.fields.email.autoComplete}
              placeholder={form.fields.email.placeholder}
              maxLength={contactRequestLimits.email}
            />
          )}
        </FormField>
      </div>
      <FormField name="service" label={form.fields.service.label} error={errors.service}>
        {(control) => (
          <Select
            {...control}
            {...text("service")}
            options={serviceOptions}
            placeholder={form.fields.service.placeholder}
          />
        )}
      </FormField>
      <FormField name="message" label={form.fields.message.label} error={errors.message}>
        {(control) => (
          <Textarea
            {...control}
            {...text("message")}
            rows={5}
            placeholder={form.fields.message.placeholder}
            maxLength={contactRequestLimits.message}
          />
        )}
      </FormField>
      {/* A honeypot: hidden from people and assistive technology, filled in only by bots. */}
      <div hidden>
        <label>
          {form.honeypotLabel}
          <input ref={honeypot} name={honeypotField} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
      <Button type="submit" size="lg" aria-disabled={sending}>
        {sending ? form.sending : form.submit}
      </Button>
      <p role="status" className="sr-only">
        {sending ? form.sending : ""}
      </p>
      {submission.unavailable && (
        <div role="alert" className="rounded-lg bg-destructive p-4 text-destructive-foreground">
          <p className="font-bold">{contactToasts.failure.title}</p>
          <p>
            {contactToasts.failure.description}{" "}
            <a href={business.phone.href} className="font-bold underline">
              {contactToasts.failure.callLabel}
            </a>
          </p>
        </div>
      )}
      {submission.element}
      <p className="text-center text-sm text-muted-foreground">{form.privacy}</p>
    </form>
  );
}
