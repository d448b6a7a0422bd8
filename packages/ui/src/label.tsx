import type { LabelHTMLAttributes } from "react";
import { cn } from "./cn.ts";

type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string };

/** A label always names a control: `htmlFor` is required. */
export function Label({ className, ...props }: LabelProps) {
  // biome-ignore lint/a11y/noLabelWithoutControl: htmlFor is required by the props type.
  return <label className={cn("text-sm font-semibold text-navy-950", className)} {...props} />;
}
