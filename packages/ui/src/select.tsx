import { ChevronDown } from "lucide-react";
import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { controlClassName } from "./input.tsx";

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown as the empty choice; choosing it sends "". */
  placeholder: string;
};

/**
 * A styled native select: phones open their own picker, it works before any script runs, and
 * the form reads it like any other field. A custom listbox would cost script and accessibility.
 */
export function Select({ className, options, placeholder, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(controlClassName, "h-12 appearance-none pr-10", className)} {...props}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-5 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
