import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "./cn.ts";

/** Shared by every text control so input, textarea and select line up and show errors alike. */
export const controlClassName =
  "w-full rounded-lg border border-input bg-white px-3.5 text-base text-foreground shadow-xs transition-colors placeholder:text-slate-500 hover:border-navy-700/50 focus-visible:border-ring focus-visible:outline-3 focus-visible:outline-ring/30 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/25 disabled:opacity-60";

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClassName, "h-12", className)} {...props} />;
}
