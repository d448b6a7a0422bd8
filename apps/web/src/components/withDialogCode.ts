let dialogCode: Promise<unknown> | undefined;

/**
 * Loads a dialog's component after the dialog code it shares with the others (Radix's dialog and
 * what it uses), each imported on its own: the browser evaluates an import's whole module graph in
 * one task, and the shared code with the first component made that task longer than 50 ms on the
 * calibrated phone. The shared code is asked for once; a failed attempt is asked for again next
 * time, and the component's own import reports the failure.
 */
export function withDialogCode<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    dialogCode ??= import("@bluewater/ui/dialog").catch(() => {
      dialogCode = undefined;
    });
    await dialogCode;
    return await load();
  };
}
