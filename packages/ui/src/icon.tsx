import { cn } from "./cn.ts";
import type { IconName } from "./iconDrawings.ts";

export type { IconName } from "./iconDrawings.ts";

/**
 * An icon: one empty element the stylesheet draws (`.icon-<name>`, a mask of the Lucide drawing
 * filled with the text's colour; iconStylesheet.ts). An inline SVG per icon made the page's HTML
 * a quarter larger and its layout slower, with over ninety of them on the landing page. Always
 * decorative: what it means is said in words beside it.
 */
export function Icon({ name, className }: { name: IconName; className?: string | undefined }) {
  return <span aria-hidden="true" className={cn("icon", `icon-${name}`, className)} />;
}
