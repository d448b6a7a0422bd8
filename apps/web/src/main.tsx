import { createBrowserHistory } from "@tanstack/react-router";
import { startTransition } from "react";
import { App } from "./app/App.tsx";
import { createRoot, hydrateRoot } from "./app/reactDomClient.ts";
import { createAppRouter } from "./app/router.tsx";
// Reads the backend's URL and key now, so a build without them fails at start, not at a submit.
import "./config/supabaseConfig.ts";
import { loadCoreWebVitalsOnceActed } from "./visit/loadCoreWebVitals.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to hydrate.");

/**
 * Making the router, loading its route and starting hydration take a few milliseconds each, four
 * times that on a slow phone: each gets a task of its own, so a tap in between is answered.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const router = createAppRouter(createBrowserHistory());
await nextTask();
await router.load();
await nextTask();
if (container.firstElementChild) {
  // A transition lets React hydrate in slices, so no single task blocks a tap on a slow phone.
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
} else {
  // `pnpm dev` serves the page without the prerendered markup.
  createRoot(container).render(<App router={router} />);
}
loadCoreWebVitalsOnceActed();
