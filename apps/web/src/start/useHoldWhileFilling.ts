import { useCallback, useEffect, useRef, useState } from "react";
import { holdIdleWork } from "./idleWork.ts";

/** This long without a focus or a keystroke in the form, the visitor is no longer filling it in. */
const fillingPauseMs = 5000;

/**
 * Holds idle work (components/idleWork.ts) while the visitor fills in the form (they focused it or
 * typed in it within the last 5 s) and while their request is on its way, so on a slow link their
 * request never queues behind code nobody asked for (docs/page.md). Judged by activity, not by
 * where the focus is: a field keeps the focus after the phone's keyboard is put away and the
 * visitor reads on, and Safari and Firefox on macOS take it from the field without giving it to
 * Send when Send is clicked.
 */
export function useHoldWhileFilling(sending: boolean) {
  const [active, setActive] = useState(false);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const holding = active || sending;
  useEffect(() => (holding ? holdIdleWork() : undefined), [holding]);
  useEffect(() => () => clearTimeout(pause.current), []);

  /** The visitor focused or typed in the form. */
  const filling = useCallback(() => {
    setActive(true);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => setActive(false), fillingPauseMs);
  }, []);
  /** Their request was taken: what they typed is done with. */
  const filled = useCallback(() => {
    clearTimeout(pause.current);
    setActive(false);
  }, []);
  return { filling, filled };
}
