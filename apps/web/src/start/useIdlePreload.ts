import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { whenIdle } from "./idleWork.ts";

interface IdlePreload<Props> {
  /** The loaded component, or null until its code has arrived. */
  Component: ComponentType<Props> | null;
  /** True after the last attempt to fetch the code failed. */
  failed: boolean;
  /** Starts the fetch now, for a visitor about to use the component. */
  prepare: () => void;
}

/**
 * Fetches a component's code when the browser is first idle after hydration (see idleWork.ts),
 * or earlier when `prepare` is called. The component is then rendered directly rather than
 * through `lazy`: React holds back a Suspense boundary's content for up to 300 ms after its
 * fallback, which is the delay a visitor would see on their first tap. A failed fetch is retried on the next
 * `prepare`. Used for the code a visitor reaches for: the chat panel, the service details and
 * the finishing gallery.
 */
export function useIdlePreload<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): IdlePreload<Props> {
  const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef<Promise<void> | null>(null);

  const prepare = useCallback(() => {
    if (loading.current) return;
    // A new attempt: until it fails too, the code is on its way.
    setFailed(false);
    loading.current = load().then(
      (module) => {
        setComponent(() => module.default);
      },
      (error: unknown) => {
        loading.current = null;
        setFailed(true);
        console.error(error);
      },
    );
  }, [load]);

  useEffect(() => whenIdle(prepare), [prepare]);
  return { Component, failed, prepare };
}
