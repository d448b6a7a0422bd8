import { type AnyRouter, RouterProvider } from "@tanstack/react-router";
import { useEffect } from "react";

/**
 * The app shared by the prerender and the browser. TanStack Query's provider is not here: it
 * wraps only the contact form's sending code, which loads on demand (see useContactSubmission).
 */
export function App({ router }: { router: AnyRouter }) {
  // Marks the moment the page became interactive, for the browser tests and for monitoring.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <RouterProvider router={router} />;
}
