import { navigation } from "@bluewater/content";
import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../components/useHydrated.ts";

/**
 * Small screens: a toggle that opens the section list. It is a native popover, so it opens,
 * closes on Escape or a tap outside, and hands focus back without any script; once the app runs,
 * it also closes after a choice and states whether it is open.
 */
export function MobileMenu() {
  const menuId = useId();
  const menu = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  // Before the app runs the browser derives the toggle's expanded state from the popover itself;
  // a menu opened before then is taken over as it is.
  const enhanced = useHydrated();
  useEffect(() => setOpen(menu.current?.matches(":popover-open") ?? false), []);

  return (
    <div className="group shrink-0 md:hidden">
      <button
        type="button"
        popoverTarget={menuId}
        aria-controls={menuId}
        aria-expanded={enhanced ? open : undefined}
        aria-label={navigation.menuToggle}
        className="flex size-[44px] items-center justify-center rounded-lg text-navy-950 hover:bg-brand-50"
      >
        <Menu aria-hidden="true" className="size-6 group-has-[:popover-open]:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-has-[:popover-open]:block" />
      </button>
      <nav
        ref={menu}
        id={menuId}
        popover="auto"
        aria-label={navigation.label}
        onToggle={(event) => setOpen(event.newState === "open")}
        className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto overscroll-contain border-0 border-b border-border bg-white p-0 shadow-raised"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
          {navigation.items.map((item) => (
            <li key={item.sectionId}>
              <a
                href={`#${item.sectionId}`}
                onClick={() => menu.current?.hidePopover()}
                className="flex h-12 items-center rounded-lg px-3 text-lg font-semibold text-navy-950 hover:bg-brand-50"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
