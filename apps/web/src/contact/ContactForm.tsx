import {
  business,
  type ContactField,
  contactRequestLimits,
  contactSection,
  contactToasts,
  honeypotField,
  serviceOptions,
} from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { FormField } from "@bluewater/ui/formField";
import { Input } from "@bluewater/ui/input";
import { Select } from "@bluewater/ui/select";
import { Textarea } from "@bluewater/ui/textarea";
import { useRef } from "react";
import { fieldId, useContactForm } from "./useContactForm.ts";

const { form } = contactSection;

/** Where focus goes when a service card sends the visitor to the form. */
export const contactFirstFieldId = fieldId("name");

export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const { values, errors, interactive, busy, update, submit, submission } = useContactForm(formRef);

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
      onSubmit={(event) => submit(event, honeypot.current?.value ?? "")}
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
      {/* Disabled until the page is interactive (a native submit would only reach a 405); while
          sending, aria-disabled, since a disabled button would drop the keyboard focus. */}
      <Button type="submit" size="lg" disabled={!interactive} aria-disabled={busy}>
        {busy ? form.sending : form.submit}
      </Button>
      <p role="status" className="sr-only">
        {busy ? form.sending : ""}
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
