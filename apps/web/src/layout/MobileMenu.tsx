import { navigation } from "@bluewater/content";
import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

/** Small screens: a toggle that opens the section list and closes after a choice or Escape. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return (
    <div className="shrink-0 md:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={navigation.menuToggle}
        onClick={() => setOpen((value) => !value)}
        className="flex size-11 items-center justify-center rounded-lg text-navy-950 hover:bg-brand-50"
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>
      <nav
        id={listId}
        aria-label={navigation.label}
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-border bg-white shadow-raised"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
          {navigation.items.map((item) => (
            <li key={item.sectionId}>
              <a
                href={`#${item.sectionId}`}
                onClick={() => setOpen(false)}
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
