import { createMemoryHistory } from "@tanstack/react-router";
import { Suspense } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { App } from "./app/App.tsx";
import { createAppRouter } from "./app/router.tsx";
import { ChatFirstView } from "./chat/firstView/ChatFirstView.tsx";

export { markContactedPagePath } from "@bluewater/content/contact";
export { contactFunctionUrl } from "./config/supabaseConfig.ts";
export { documentHead } from "./prerender/documentHead.ts";
export { headersFile } from "./prerender/headersFile.ts";
export { markContactedDocument } from "./prerender/markContactedDocument.ts";
export { notFoundLogScript } from "./prerender/notFoundLog.ts";
export { siteFiles } from "./prerender/siteFiles.ts";
export { visitBeaconUrl } from "./prerender/visitBeaconUrl.ts";

/** Renders one path to HTML for the prerender; the browser hydrates the same tree. */
export async function renderPath(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // In the browser the router (hydrating without TanStack's SSR payload, which would need an
  // inline script) wraps its matches in a Suspense boundary; the same boundary here keeps the
  // two trees identical, so hydration reuses every node. The browser tests catch any mismatch.
  return renderToString(
    <Suspense fallback={null}>
      <App router={router} />
    </Suspense>,
  );
}

/** The chat's first view, static HTML the prerender puts after the app's root. */
export function chatFirstViewHtml(): string {
  return renderToStaticMarkup(<ChatFirstView />);
}
