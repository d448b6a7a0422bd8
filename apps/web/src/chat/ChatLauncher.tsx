import { chatLauncherCopy } from "@bluewater/content";
import { MessageCircle, X } from "lucide-react";
import { type ComponentType, type ReactNode, type Ref, useEffect, useState } from "react";
import { prefetchOnReach } from "../start/index.ts";

interface ChatLauncherProps {
  ref: Ref<HTMLButtonElement>;
  open: boolean;
  panelId: string;
  /**
   * Until the app runs, the popover the launcher opens by itself (the chat's first view, in the
   * HTML); undefined once the app handles the launcher.
   */
  firstViewId: string | undefined;
  /** Starts fetching the panel's code when the visitor points at, touches or focuses the launcher. */
  onPrepare: () => void;
  onToggle: () => void;
}

type TooltipComponent = ComponentType<{ children: ReactNode }>;

/**
 * Radix's tooltip (with its positioning engine) is a tenth of the page's script budget, and only
 * a mouse or keyboard can ever show it; so it loads on the first mouse move or Tab press, and
 * wraps the launcher once the launcher is not focused (re-wrapping would drop the focus).
 */
function useLauncherTooltip(focused: boolean): TooltipComponent | null {
  const [tooltip, setTooltip] = useState<TooltipComponent | null>(null);
  useEffect(() => {
    const load = (event: Event) => {
      if (event instanceof PointerEvent && event.pointerType !== "mouse") return;
      // Keys typed into a field (a phone's keyboard sends them too) are not a keyboard user
      // moving through the page.
      if (event instanceof KeyboardEvent && event.key !== "Tab") return;
      stop();
      import("./LauncherTooltip.tsx")
        .then((module) => setTooltip(() => module.LauncherTooltip))
        .catch((error: unknown) => console.error(error));
    };
    const stop = () => {
      document.removeEventListener("pointermove", load);
      document.removeEventListener("keydown", load);
    };
    document.addEventListener("pointermove", load, { passive: true });
    document.addEventListener("keydown", load);
    return stop;
  }, []);
  const [wrapped, setWrapped] = useState(false);
  useEffect(() => {
    if (tooltip && !focused) setWrapped(true);
  }, [tooltip, focused]);
  return wrapped ? tooltip : null;
}

export function ChatLauncher({
  ref,
  open,
  panelId,
  firstViewId,
  onPrepare,
  onToggle,
}: ChatLauncherProps) {
  const [focused, setFocused] = useState(false);
  const Tooltip = useLauncherTooltip(focused);
  const button = (
    <button
      ref={ref}
      type="button"
      data-chat-launcher
      {...prefetchOnReach("chat-panel")}
      aria-label={chatLauncherCopy.launcherLabel}
      popoverTarget={firstViewId}
      // Without the app the browser states the popover's state itself.
      aria-expanded={firstViewId ? undefined : open}
      aria-controls={open ? panelId : undefined}
      onPointerEnter={onPrepare}
      onPointerDown={onPrepare}
      onFocus={() => {
        setFocused(true);
        onPrepare();
      }}
      onBlur={() => setFocused(false)}
      // Once the app handles a click, the browser must not also open the popover meant for
      // visitors without it (the attribute goes one render after hydration).
      onClick={(event) => {
        event.preventDefault();
        onToggle();
      }}
      className="fixed right-4 bottom-4 z-50 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-raised transition-colors hover:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:right-6 sm:bottom-6"
    >
      {open ? (
        <X aria-hidden="true" className="size-6" />
      ) : (
        <MessageCircle aria-hidden="true" className="size-7" />
      )}
    </button>
  );
  return Tooltip ? <Tooltip>{button}</Tooltip> : button;
}
