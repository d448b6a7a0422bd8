import { type RefObject, useEffect } from "react";

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * The panel floats over the page; when the visitor moves focus to a field it would hide (the
 * contact form on a phone, say), the panel steps aside rather than cover what they type into.
 */
export function useCloseWhenCovering(
  panel: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const box = panel.current;
      if (!(target instanceof HTMLElement) || !box || box.contains(target)) return;
      if (target.closest("[data-chat-launcher]")) return;
      // Measured a frame later: focusing a field may first scroll it into view.
      requestAnimationFrame(() => {
        if (overlaps(target.getBoundingClientRect(), box.getBoundingClientRect())) close();
      });
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [panel, open, close]);
}
