import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { useHydrated } from "../components/useHydrated.ts";
import { useIdlePreload } from "../start/index.ts";
import { ChatLauncher } from "./ChatLauncher.tsx";
import { chatFirstViewId, hideFirstView, shownFirstView } from "./firstView/takeOver.ts";

const loadPanel = () => import("./ChatPanel.tsx");

const panelId = "help-chat";

/**
 * The floating help chat: a round launcher that is part of the page, and a panel whose code
 * (and the chat rules) arrives once the page is idle, or on the launcher's first touch. The
 * panel stays mounted once opened, so closing and reopening keeps the conversation. Until the
 * app runs, and whenever the panel's code cannot be loaded, the launcher opens the chat's first
 * view, in the HTML, whose quick questions answer by themselves; open when the app starts, it
 * stays on screen until the panel that takes it over, with what was asked there, has rendered.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const enhanced = useHydrated();
  const launcher = useRef<HTMLButtonElement>(null);
  const { Component: ChatPanel, failed, prepare } = useIdlePreload(loadPanel);

  // A visitor who opened the first view before the app ran asked for the chat: it opens now, its
  // code asked for at once, and the first view stays until the panel, which goes on from what
  // was asked there, is there to take its place.
  useEffect(() => {
    if (!shownFirstView()) return;
    prepare();
    setOpened(true);
    setOpen(true);
  }, [prepare]);

  // In the same commit that renders the open panel, before the browser paints it: never a frame
  // with neither.
  useLayoutEffect(() => {
    const view = shownFirstView();
    if (open && ChatPanel && view) hideFirstView(view);
  }, [open, ChatPanel]);

  // A visitor who dismisses the first view while the panel is on its way no longer wants the chat.
  useEffect(() => {
    const offer = shownFirstView();
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
    if (!shownFirstView()) document.getElementById(chatFirstViewId)?.showPopover();
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
        firstViewId={enhanced ? undefined : chatFirstViewId}
        onPrepare={prepare}
        onToggle={() => {
          prepare();
          setOpened(true);
          setOpen((value) => !value);
        }}
      />
      {opened && ChatPanel && (
        <LazyBoundary>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </LazyBoundary>
      )}
    </>
  );
}
