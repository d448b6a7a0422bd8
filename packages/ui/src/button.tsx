import { cva, type VariantProps } from "class-variance-authority";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from "react";
import { cn } from "./cn.ts";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-lg text-center leading-tight font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-70 [&_svg]:size-5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-accent-500 text-navy-950 shadow-sm hover:bg-accent-400",
        outline:
          "border-2 border-navy-900/15 bg-white text-navy-900 hover:border-navy-900/30 hover:bg-brand-50",
        onDark:
          "border-2 border-white/40 bg-white/5 text-white hover:border-white/70 hover:bg-white/10",
      },
      size: {
        // Minimum heights, not fixed ones: on a narrow phone a long label wraps instead of overflowing.
        md: "min-h-11 px-5 py-2 text-base",
        lg: "min-h-13 px-6 py-2.5 text-base sm:text-lg",
      },
      // A long label may wrap on a narrow phone; what must stay whole there, such as a phone
      // number, is set in a `whitespace-nowrap` span of its own (`never`: the whole label).
      wrap: {
        onPhones: "max-sm:whitespace-normal",
        never: "",
      },
    },
    defaultVariants: { variant: "primary", size: "md", wrap: "onPhones" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & { ref?: Ref<HTMLButtonElement> };

/** A real `<button>`, type="button" unless the caller says otherwise. For navigation use ButtonLink. */
export function Button({ className, variant, size, wrap, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size, wrap }), className)}
      {...props}
    />
  );
}

type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  ButtonVariants & { href: string; ref?: Ref<HTMLAnchorElement> };

/** A link that looks like a button: it always has an href, so it works before any script runs. */
export function ButtonLink({ className, variant, size, wrap, ...props }: ButtonLinkProps) {
  return <a className={cn(buttonVariants({ variant, size, wrap }), className)} {...props} />;
}
