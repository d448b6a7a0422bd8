import { useEffect } from "react";
import { watchVisitActions } from "../visit/visitActions.ts";

/**
 * Marks the moment a page became interactive (`<html data-hydrated>`), for the browser tests and
 * for monitoring, and from then on watches what the visitor does for the visit's beacon. Called by each page rather than the app shell: the router hydrates the page
 * inside its own Suspense boundary, after the shell.
 */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    watchVisitActions();
  }, []);
}
