import {
  apiKeyField,
  type ContactField,
  type ContactFieldPresentation,
  contactSection,
  contactFormFields as fields,
  honeypotField,
  serviceOptions,
} from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { FormField, fieldId } from "@bluewater/ui/formField";
import { Input } from "@bluewater/ui/input";
import { Select } from "@bluewater/ui/select";
import { Textarea } from "@bluewater/ui/textarea";
import { lazy, useRef } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { contactFunctionUrl, supabaseConfig } from "../config/supabaseConfig.ts";
import { prefetchOnReach } from "../start/index.ts";
import { RequestNotSentAlert, RequestSentNotice } from "./FormNotices.tsx";
import { loadSendingCode } from "./loadSendingCode.ts";
import { useContactForm } from "./useContactForm.ts";

/** The toasts come with the sending code, fetched once the visitor is in the form. */
const ContactToasts = lazy(() =>
  loadSendingCode().then((code) => ({ default: code.ContactToasts })),
);

const { form } = contactSection;

/** A control's attributes as the contract presents its field (docs/form.md). */
function presented(field: ContactField) {
  const { type, inputMode, autoComplete, placeholder, maxLength, rows }: ContactFieldPresentation =
    fields[field];
  return { type, inputMode, autoComplete, placeholder, maxLength, rows };
}

/** Where focus goes when a service card sends the visitor to the form. */
export const contactFirstFieldId = fieldId("name");

export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const {
    values,
    errors,
    notSent,
    busy,
    prepared,
    enter,
    filling,
    toasts,
    dismissToast,
    update,
    submit,
  } = useContactForm(formRef);

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
      onFocus={enter}
      onInput={filling}
      {...prefetchOnReach("sending-code")}
      className="flex flex-col gap-5"
    >
      <RequestSentNotice />
      <p className="text-sm text-muted-foreground">{form.requiredNote}</p>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField
            name="name"
            label={fields.name.label}
            required={fields.name.required}
            error={errors.name}
          >
            {(control) => <Input {...control} {...text("name")} {...presented("name")} />}
          </FormField>
        </div>
        <FormField
          name="phone"
          label={fields.phone.label}
          required={fields.phone.required}
          error={errors.phone}
        >
          {(control) => <Input {...control} {...text("phone")} {...presented("phone")} />}
        </FormField>
        <FormField
          name="email"
          label={fields.email.label}
          required={fields.email.required}
          error={errors.email}
        >
          {(control) => <Input {...control} {...text("email")} {...presented("email")} />}
        </FormField>
      </div>
      <FormField name="service" label={fields.service.label} error={errors.service}>
        {(control) => (
          <Select
            {...control}
            {...text("service")}
            options={serviceOptions}
            placeholder={fields.service.placeholder}
          />
        )}
      </FormField>
      <FormField name="message" label={fields.message.label} error={errors.message}>
        {(control) => <Textarea {...control} {...text("message")} {...presented("message")} />}
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
      {notSent && <RequestNotSentAlert />}
      {prepared && (
        <LazyBoundary>
          <ContactToasts toasts={toasts} onDismiss={dismissToast} />
        </LazyBoundary>
      )}
      <p className="text-center text-sm text-muted-foreground">{form.privacy}</p>
    </form>
  );
}
