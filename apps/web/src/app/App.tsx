import { type AnyRouter, RouterProvider } from "@tanstack/react-router";

/**
 * The app shared by the prerender and the browser. TanStack Query's provider is not here: it
 * wraps only the contact form's sending code, which loads on demand (see useContactSubmission).
 */
export function App({ router }: { router: AnyRouter }) {
  return <RouterProvider router={router} />;
}
