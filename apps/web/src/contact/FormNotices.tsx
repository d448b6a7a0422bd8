import { business, contactSentFragment, contactToasts } from "@bluewater/content";
import { CircleCheck } from "lucide-react";

/**
 * The confirmation for a request the browser posted by itself (no JavaScript): the function sends
 * the visitor back to `/#request-sent`, and the stylesheet shows this block while it is the
 * URL's target. The app's own sends show the success toast instead.
 */
export function RequestSentNotice() {
  const { title, description } = contactToasts.success;
  return (
    <div
      id={contactSentFragment}
      tabIndex={-1}
      className="hidden gap-3 rounded-lg border-2 border-success bg-success/10 p-4 text-navy-950 outline-none target:flex"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
      <div>
        <p className="font-bold">{title}</p>
        <p>{description}</p>
      </div>
    </div>
  );
}

/**
 * The form's own word that the last send failed (offline, the network, the server), with the
 * phone number: it stays until the next try, where the error toast goes after a few seconds.
 */
export function RequestNotSentAlert() {
  const { title, description, callLabel } = contactToasts.failure;
  return (
    <div role="alert" className="rounded-lg bg-destructive p-4 text-destructive-foreground">
      <p className="font-bold">{title}</p>
      <p>
        {description}{" "}
        <a href={business.phone.href} className="font-bold underline">
          {callLabel}
        </a>
      </p>
    </div>
  );
}
