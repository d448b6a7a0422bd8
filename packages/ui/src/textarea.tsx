import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { controlClassName } from "./input.tsx";

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClassName, "py-3", className)} {...props} />;
}
