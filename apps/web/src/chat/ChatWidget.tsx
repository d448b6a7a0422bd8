import { useCallback, useEffect, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { useHydrated } from "../components/useHydrated.ts";
import { ChatLauncher } from "./ChatLauncher.tsx";
import { ChatUnavailable } from "./ChatUnavailable.tsx";
import { useIdlePreload } from "./useIdlePreload.ts";

const loadPanel = () => import("./ChatPanel.tsx");

const panelId = "help-chat";
const unavailableId = "help-chat-unavailable";

const isShown = (element: HTMLElement | null) => element?.matches(":popover-open") ?? false;

/**
 * The floating help chat: a round launcher that is part of the page, and a panel whose code
 * (and the chat rules) arrives once the page is idle, or on the launcher's first touch. The
 * panel stays mounted once opened, so closing and reopening keeps the conversation. Until the
 * app runs, and whenever the panel's code cannot be loaded, the launcher offers the phone number
 * and the form instead.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const enhanced = useHydrated();
  const launcher = useRef<HTMLButtonElement>(null);
  const unavailable = useRef<HTMLDivElement>(null);
  const { Component: ChatPanel, failed, prepare } = useIdlePreload(loadPanel);

  // A visitor who tapped the launcher before the app ran asked for the chat: it opens now.
  useEffect(() => {
    if (isShown(unavailable.current)) {
      unavailable.current?.hidePopover();
      setOpened(true);
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    if (!open || !failed) return;
    setOpen(false);
    unavailable.current?.showPopover();
  }, [open, failed]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) launcher.current?.focus();
  }, []);

  return (
    <>
      <ChatLauncher
        ref={launcher}
        open={open}
        panelId={panelId}
        unavailableId={enhanced ? undefined : unavailableId}
        onPrepare={prepare}
        onToggle={() => {
          prepare();
          setOpened(true);
          setOpen((value) => !value);
        }}
      />
      <ChatUnavailable
        id={unavailableId}
        ref={unavailable}
        onLeave={() => unavailable.current?.hidePopover()}
      />
      {opened && ChatPanel && (
        <LazyBoundary>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </LazyBoundary>
      )}
    </>
  );
}
