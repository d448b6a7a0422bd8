import { contactToasts, type ContactSubmission as Submission } from "@bluewater/content";
import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ContactToastMessage, ContactToasts } from "./ContactToasts.tsx";
import { sendContactRequest } from "./sendContactRequest.ts";
import { supabaseClient } from "./supabaseClient.ts";

export interface SubmissionApi {
  send: (submission: Submission) => Promise<boolean>;
  sending: boolean;
}

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

/**
 * Everything that sends the form, loaded once the visitor starts filling it in: supabase-js,
 * TanStack Query and the toasts. It hands its `send` to the form through `onReady`.
 */
export default function ContactSubmission({ onReady }: { onReady: (api: SubmissionApi) => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ContactRequestMutation onReady={onReady} />
    </QueryClientProvider>
  );
}

function ContactRequestMutation({ onReady }: { onReady: (api: SubmissionApi) => void }) {
  const [toasts, setToasts] = useState<ContactToastMessage[]>([]);
  const nextId = useRef(0);
  const notify = useCallback((kind: ContactToastMessage["kind"]) => {
    nextId.current += 1;
    const toast = { id: nextId.current, kind };
    setToasts((shown) => [...shown, toast].slice(-contactToasts.maxVisible));
  }, []);

  const mutation = useMutation({
    mutationFn: (submission: Submission) => sendContactRequest(supabaseClient(), submission),
    onSuccess: () => notify("success"),
    onError: (error) => {
      console.error(contactToasts.consoleMessage, error);
      notify("failure");
    },
  });
  const { mutateAsync, isPending } = mutation;

  useEffect(() => {
    onReady({
      sending: isPending,
      send: (submission) =>
        mutateAsync(submission).then(
          () => true,
          () => false,
        ),
    });
  }, [onReady, mutateAsync, isPending]);

  return (
    <ContactToasts
      toasts={toasts}
      onDismiss={(id) => setToasts((shown) => shown.filter((toast) => toast.id !== id))}
    />
  );
}
