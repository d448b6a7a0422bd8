import { contactToasts } from "@bluewater/content";
import { useRef, useState } from "react";
import type { ContactToastMessage } from "./submission/ContactToasts.tsx";

/** The form's toasts: the latest few, each with an id of its own. */
export function useToasts() {
  const [toasts, setToasts] = useState<ContactToastMessage[]>([]);
  const count = useRef(0);
  const toast = (kind: ContactToastMessage["kind"]) => {
    count.current += 1;
    const shown = { id: count.current, kind };
    setToasts((current) => [...current, shown].slice(-contactToasts.maxVisible));
  };
  const dismissToast = (id: number) => setToasts((shown) => shown.filter((t) => t.id !== id));
  return { toasts, toast, dismissToast };
}
