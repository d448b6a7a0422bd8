import { chatLauncherCopy } from "@bluewater/content";
import { Tooltip, TooltipProvider } from "@bluewater/ui/tooltip";
import type { ReactNode } from "react";

/** The launcher's tooltip, with the ui package's 700 ms open and 300 ms skip delays. */
export function LauncherTooltip({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <Tooltip content={chatLauncherCopy.tooltip} side="left">
        {children}
      </Tooltip>
    </TooltipProvider>
  );
}
