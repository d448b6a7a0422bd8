import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";

declare module "react" {
  // The Invoker Commands API (`<button commandfor command>`): not in React's types yet; React
  // writes unknown lowercase attributes as they are.
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | undefined;
    commandfor?: string | undefined;
  }
}

const widths = { md: "max-w-2xl", lg: "max-w-3xl" } as const;

interface NativeDialogProps {
  /** The dialog's id: the buttons that open and close it name it in `commandfor`. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** The accessible name of the close button, from the caller's content. */
  closeLabel: string;
  width?: keyof typeof widths;
  children: ReactNode;
}

/**
 * A modal dialog in the HTML itself, opened and closed by buttons without any script
 * (`openDialog`): the browser traps focus, closes it on Escape or a tap beside it
 * (`closedby="any"`) and returns focus to the button that opened it. It always has a title (its
 * accessible name) and a labelled close button. Closed, it is not rendered, and its lazy images
 * are not fetched.
 */
export function NativeDialog({
  id,
  title,
  description,
  closeLabel,
  width = "md",
  children,
}: NativeDialogProps) {
  return (
    <dialog
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      closedby="any"
      className={cn(
        // Only `open:flex`: a display of its own would show the closed dialog.
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] animate-fade-in flex-col overflow-y-auto rounded-2xl bg-white p-6 text-foreground shadow-raised backdrop:bg-navy-950/70 open:flex sm:p-8",
        widths[width],
      )}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-navy-950">
          {title}
        </h2>
        <button
          type="button"
          command="close"
          commandfor={id}
          aria-label={closeLabel}
          className="-m-2 rounded-lg p-2 text-slate-600 hover:bg-muted hover:text-navy-950 focus-visible:outline-3 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-6" />
        </button>
      </div>
      {description && (
        <p id={`${id}-description`} className="mb-4 text-muted-foreground">
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}

/** A button's attributes that open the dialog `id` (a NativeDialog), with or without the app. */
export function openDialog(id: string): {
  command: "show-modal";
  commandfor: string;
  "aria-haspopup": "dialog";
} {
  return { command: "show-modal", commandfor: id, "aria-haspopup": "dialog" };
}
