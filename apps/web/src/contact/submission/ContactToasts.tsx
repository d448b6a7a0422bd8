import { business, contactToasts } from "@bluewater/content";
import { Toast, ToastProvider, ToastViewport } from "@bluewater/ui/toast";
import { Phone } from "lucide-react";

export interface ContactToastMessage {
  id: number;
  kind: "success" | "failure";
}

interface ContactToastsProps {
  toasts: readonly ContactToastMessage[];
  onDismiss: (id: number) => void;
}

/** The outcome of a submit (docs/form.md), announced without taking focus. */
export function ContactToasts({ toasts, onDismiss }: ContactToastsProps) {
  return (
    <ToastProvider duration={contactToasts.durationMs} label={contactToasts.regionLabel}>
      {toasts.map((toast) => {
        const copy = contactToasts[toast.kind];
        return (
          <Toast
            key={toast.id}
            variant={toast.kind === "failure" ? "destructive" : "default"}
            title={copy.title}
            description={copy.description}
            closeLabel={contactToasts.dismissLabel}
            onOpenChange={(open) => open || onDismiss(toast.id)}
            action={
              toast.kind === "failure" && (
                <a
                  href={business.phone.href}
                  className="mt-2 inline-flex w-fit items-center gap-2 rounded-md bg-white px-3 py-1.5 text-sm font-bold text-destructive hover:bg-white/90"
                >
                  <Phone aria-hidden="true" className="size-4" />
                  {contactToasts.failure.callLabel}
                </a>
              )
            }
          />
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
