import { useEffect, useState } from "react";

/**
 * False while React hydrates the server's markup, true from then on: controls that work natively
 * before the app runs (popovers) hand over to the app on that re-render, never during hydration,
 * so the markup React adopts is exactly the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
