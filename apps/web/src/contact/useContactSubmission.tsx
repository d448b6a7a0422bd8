import type { ContactSubmission } from "@bluewater/content";
import { lazy, type ReactNode, useCallback, useRef, useState } from "react";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import type { SubmissionApi } from "./submission/ContactSubmission.tsx";

const loadSubmission = () => import("./submission/ContactSubmission.tsx");
const ContactSubmissionModule = lazy(loadSubmission);

/** How a send ended: stored, refused or failed (a toast says so), or never tried. */
export type SendOutcome = "sent" | "failed" | "unavailable";

interface ContactSubmissionHandle {
  /** Starts loading the sending code; called when the visitor begins filling in the form. */
  prepare: () => void;
  send: (submission: ContactSubmission) => Promise<SendOutcome>;
  sending: boolean;
  /** Where the sending code (and its toasts) mounts once loaded. */
  element: ReactNode;
}

type Waiter = (api: SubmissionApi | null) => void;

/**
 * Keeps supabase-js, TanStack Query and the toasts out of the page's first script: they load on
 * the first focus in the form, and a submit made before they arrive waits for them.
 */
export function useContactSubmission(): ContactSubmissionHandle {
  const [requested, setRequested] = useState(false);
  const [api, setApi] = useState<SubmissionApi | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const waiting = useRef<Waiter[]>([]);

  const settle = useCallback((ready: SubmissionApi | null) => {
    for (const resolve of waiting.current.splice(0)) resolve(ready);
  }, []);

  const onReady = useCallback(
    (ready: SubmissionApi) => {
      setApi(ready);
      settle(ready);
    },
    [settle],
  );

  const onError = useCallback(() => {
    setUnavailable(true);
    settle(null);
  }, [settle]);

  const prepare = useCallback(() => setRequested(true), []);

  const send = useCallback(
    async (submission: ContactSubmission): Promise<SendOutcome> => {
      if (unavailable) return "unavailable";
      const ready =
        api ??
        (await new Promise<SubmissionApi | null>((resolve) => {
          waiting.current.push(resolve);
          setRequested(true);
        }));
      if (!ready) return "unavailable";
      return (await ready.send(submission)) ? "sent" : "failed";
    },
    [api, unavailable],
  );

  const element = requested ? (
    <LazyBoundary onError={onError}>
      <ContactSubmissionModule onReady={onReady} />
    </LazyBoundary>
  ) : null;

  return { prepare, send, sending: api?.sending ?? false, element };
}
