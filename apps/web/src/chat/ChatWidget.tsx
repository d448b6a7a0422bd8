import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { useHydrated } from "../components/useHydrated.ts";
import { useIdlePreload } from "../components/useIdlePreload.ts";
import { ChatLauncher } from "./ChatLauncher.tsx";
import { ChatUnavailable } from "./ChatUnavailable.tsx";

const loadPanel = () => import("./ChatPanel.tsx");

const panelId = "help-chat";
const unavailableId = "help-chat-unavailable";

const isShown = (element: HTMLElement | null) => element?.matches(":popover-open") ?? false;

/**
 * The floating help chat: a round launcher that is part of the page, and a panel whose code
 * (and the chat rules) arrives once the page is idle, or on the launcher's first touch. The
 * panel stays mounted once opened, so closing and reopening keeps the conversation. Until the
 * app runs, and whenever the panel's code cannot be loaded, the launcher offers the phone number
 * and the form instead; an offer open when the app starts stays on screen until the panel that
 * replaces it has rendered.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const enhanced = useHydrated();
  const launcher = useRef<HTMLButtonElement>(null);
  const unavailable = useRef<HTMLDivElement>(null);
  const { Component: ChatPanel, failed, prepare } = useIdlePreload(loadPanel);

  // A visitor who tapped the launcher before the app ran asked for the chat: it opens now, its
  // code asked for at once, and the offer stays until the panel is there to take its place.
  useEffect(() => {
    if (isShown(unavailable.current)) {
      prepare();
      setOpened(true);
      setOpen(true);
    }
  }, [prepare]);

  // In the same commit that renders the open panel, before the browser paints it: never a frame
  // with neither.
  useLayoutEffect(() => {
    if (open && ChatPanel && isShown(unavailable.current)) unavailable.current?.hidePopover();
  }, [open, ChatPanel]);

  // A visitor who dismisses the offer while the panel is on its way no longer wants the chat.
  useEffect(() => {
    const offer = unavailable.current;
    if (!offer || !open || ChatPanel) return;
    const onToggle = (event: ToggleEvent) => {
      const panelShown = document.getElementById(panelId)?.hidden === false;
      if (event.newState === "closed" && !panelShown) setOpen(false);
    };
    offer.addEventListener("toggle", onToggle);
    return () => offer.removeEventListener("toggle", onToggle);
  }, [open, ChatPanel]);

  useEffect(() => {
    if (!open || !failed) return;
    setOpen(false);
    if (!isShown(unavailable.current)) unavailable.current?.showPopover();
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
