import { type AnyRouter, RouterProvider } from "@tanstack/react-router";

/**
 * The app shared by the prerender and the browser. TanStack Query is not here: the contact
 * form's sending code, loaded on demand, runs its one mutation on a QueryClient of its own
 * (contact/submission/sendingCode.ts).
 */
export function App({ router }: { router: AnyRouter }) {
  return <RouterProvider router={router} />;
}
