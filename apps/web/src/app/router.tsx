import {
  type AnyRouter,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
} from "@tanstack/react-router";
import { HomePage } from "./HomePage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: HomePage });

/**
 * TanStack Router's scroll restoration subscribes to every render, even with `scrollRestoration`
 * off, and on the first one scrolls the window to the top (or to the URL's hash): on a page that
 * was prerendered and scrolled, reloaded or restored before the app started, that throws the
 * visitor back. Every navigation here is the browser's own (in-page links, reload, back), so
 * scrolling stays the browser's: the router's handler, its only `onRendered` listener when the
 * router is made, is removed. (Setting `scrollRestoration` to a function would skip the handler
 * but switch `history.scrollRestoration` to manual, which breaks the browser's own restoring:
 * https://github.com/TanStack/router/issues/7815.) No supported option leaves the handler out, so
 * this reaches into `subscribers`; tests/e2e/startup.spec.ts pins the behaviour (a position
 * scrolled to, reloaded or deep-linked before the app starts is kept), and fails if an upgrade
 * brings the handler back under another name.
 */
function leaveScrollingToTheBrowser(router: AnyRouter): void {
  for (const listener of router.subscribers) {
    if (listener.eventType === "onRendered") router.subscribers.delete(listener);
  }
}

/** One route tree for the prerender (memory history) and the browser (browser history). */
export function createAppRouter(history: RouterHistory) {
  const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute]), history });
  leaveScrollingToTheBrowser(router);
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
