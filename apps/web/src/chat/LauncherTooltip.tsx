import { chatCopy } from "@bluewater/content";
import { Tooltip, TooltipProvider } from "@bluewater/ui/tooltip";
import type { ReactNode } from "react";

/** The launcher's tooltip, with SPEC §9's 700 ms / 300 ms delays from the ui package. */
export function LauncherTooltip({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <Tooltip content={chatCopy.tooltip} side="left">
        {children}
      </Tooltip>
    </TooltipProvider>
  );
}
