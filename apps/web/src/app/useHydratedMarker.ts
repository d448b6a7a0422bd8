import { useEffect } from "react";

/**
 * Marks the moment a page became interactive (`<html data-hydrated>`), for the browser tests and
 * for monitoring. Called by each page rather than the app shell: the router hydrates the page
 * inside its own Suspense boundary, after the shell.
 */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
