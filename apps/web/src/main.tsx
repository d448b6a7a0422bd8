import { createBrowserHistory } from "@tanstack/react-router";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { createAppRouter } from "./app/router.tsx";
// Reads the backend's URL and key now, so a build without them fails at start, not at a submit.
import "./config/supabaseConfig.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to hydrate.");

const router = createAppRouter(createBrowserHistory());
await router.load();
if (container.firstElementChild) {
  // A transition lets React hydrate in slices, so no single task blocks a tap on a slow phone.
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
} else {
  // `pnpm dev` serves the page without the prerendered markup.
  createRoot(container).render(<App router={router} />);
}
