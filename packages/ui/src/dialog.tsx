import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn.ts";

export const Dialog = DialogPrimitive.Root;

const widths = { md: "max-w-2xl", lg: "max-w-3xl" } as const;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  width?: keyof typeof widths;
  /** The accessible name of the close button, from the caller's content. */
  closeLabel: string;
  title: ReactNode;
  description?: ReactNode;
};

/**
 * A modal dialog that always has a title (its accessible name) and a labelled close button.
 * Radix traps focus, closes on Escape and returns focus to the button that opened it.
 */
export function DialogContent({
  className,
  children,
  closeLabel,
  title,
  description,
  width = "md",
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/70" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 animate-fade-in flex-col overflow-y-auto rounded-2xl bg-white p-6 shadow-raised focus:outline-none sm:p-8",
          widths[width],
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-2xl font-bold text-navy-950">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="-m-2 rounded-lg p-2 text-slate-600 hover:bg-muted hover:text-navy-950 focus-visible:outline-3 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-6" />
          </DialogPrimitive.Close>
        </div>
        {description && (
          <DialogPrimitive.Description className="mb-4 text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
        )}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog's bare panel, for a non-modal dialog (`<Dialog modal={false}>`) that draws its own
 * frame: Radix moves focus in when it opens, closes it on Escape and reports focus and taps
 * outside it, which the caller decides about.
 */
export const DialogPanel = DialogPrimitive.Content;
