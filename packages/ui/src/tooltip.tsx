import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn.ts";

/**
 * A tooltip opens after 700 ms of hover; pointing at it again (or at another) within 300 ms of
 * leaving skips the wait. The help chat's launcher relies on these (docs/chat.md).
 */
const tooltipTiming = { delayDuration: 700, skipDelayDuration: 300 } as const;

export function TooltipProvider({
  delayDuration = tooltipTiming.delayDuration,
  skipDelayDuration = tooltipTiming.skipDelayDuration,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  );
}

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>["side"];
  className?: string;
}

/** Wraps one focusable element (passed as the child) with a tooltip. */
export function Tooltip({ content, children, side = "left", className }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          className={cn(
            "z-50 animate-fade-in rounded-md bg-navy-950 px-3 py-1.5 text-sm font-medium text-white shadow-raised",
            className,
          )}
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-navy-950" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
