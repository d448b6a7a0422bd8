import { lazy, useCallback, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { ChatLauncher } from "./ChatLauncher.tsx";

const loadPanel = () => import("./ChatPanel.tsx");
const ChatPanel = lazy(loadPanel);

const panelId = "help-chat";

/**
 * The floating help chat: a round launcher that is part of the page, and a panel whose code
 * (and the chat rules) loads the first time it is opened. The panel stays mounted once opened,
 * so closing and reopening keeps the conversation.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);

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
        onPrepare={loadPanel}
        onToggle={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
      />
      {opened && (
        <LazyBoundary>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </LazyBoundary>
      )}
    </>
  );
}
