import {
  apiKeyField,
  type ContactField,
  contactRequestLimits,
  contactSection,
  honeypotField,
  serviceOptions,
} from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { FormField, fieldId } from "@bluewater/ui/formField";
import { Input } from "@bluewater/ui/input";
import { Select } from "@bluewater/ui/select";
import { Textarea } from "@bluewater/ui/textarea";
import { useRef } from "react";
import { contactFunctionUrl, supabaseConfig } from "../config/supabaseConfig.ts";
import { RequestSentNotice, SendingUnavailableAlert } from "./FormNotices.tsx";
import { useContactForm } from "./useContactForm.ts";

const { form } = contactSection;

/** Where focus goes when a service card sends the visitor to the form. */
export const contactFirstFieldId = fieldId("name");

export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const { values, errors, offline, busy, update, submit, submission } = useContactForm(formRef);

  const text = (field: ContactField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      update(field, event.currentTarget.value),
  });

  return (
    // A real form: without the app the browser validates it and posts it to the function itself.
    <form
      ref={formRef}
      method="post"
      action={contactFunctionUrl}
      aria-label={form.label}
      onSubmit={(event) => submit(event, honeypot.current?.value ?? "")}
      onFocus={submission.prepare}
      className="flex flex-col gap-5"
    >
      <RequestSentNotice />
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
      {/* The publishable key is public; a form posted by the browser cannot send it as a header. */}
      <input type="hidden" name={apiKeyField} value={supabaseConfig.publishableKey} />
      {/* Enabled from the first paint: before the app runs, a tap posts the form natively. While
          sending, aria-disabled, since a disabled button would drop the keyboard focus. */}
      <Button type="submit" size="lg" aria-disabled={busy}>
        {busy ? form.sending : form.submit}
      </Button>
      <p role="status" className="sr-only">
        {busy ? form.sending : ""}
      </p>
      {offline && <SendingUnavailableAlert />}
      {submission.element}
      <p className="text-center text-sm text-muted-foreground">{form.privacy}</p>
    </form>
  );
}
