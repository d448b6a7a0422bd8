import * as ToastPrimitive from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn.ts";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        // Bottom right, above the chat button: clear of the navigation and of the form fields.
        "fixed right-0 bottom-20 z-[60] m-0 flex w-full max-w-md list-none flex-col gap-3 p-4 outline-none sm:bottom-24 sm:px-6",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "pointer-events-auto relative flex w-full animate-toast-in gap-3 rounded-xl border p-4 pr-10 shadow-raised data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[state=closed]:opacity-0",
  {
    variants: {
      variant: {
        default: "border-border bg-white text-foreground",
        destructive: "border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type ToastProps = Omit<ComponentProps<typeof ToastPrimitive.Root>, "title"> &
  VariantProps<typeof toastVariants> & {
    title: ReactNode;
    description: ReactNode;
    closeLabel: string;
    action?: ReactNode;
  };

/**
 * A toast that is announced without taking focus: a success is polite (`foreground` type is
 * assertive in Radix, so successes use `background`), an error is assertive.
 */
export function Toast({
  className,
  variant,
  title,
  description,
  closeLabel,
  action,
  ...props
}: ToastProps) {
  return (
    <ToastPrimitive.Root
      type={variant === "destructive" ? "foreground" : "background"}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    >
      <div className="flex flex-col gap-1">
        <ToastPrimitive.Title className="font-bold">{title}</ToastPrimitive.Title>
        <ToastPrimitive.Description className="text-sm opacity-95">
          {description}
        </ToastPrimitive.Description>
        {action}
      </div>
      <ToastPrimitive.Close
        aria-label={closeLabel}
        className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
