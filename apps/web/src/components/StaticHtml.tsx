import type { ComponentType } from "react";

/**
 * Kept as served: the browser adopts one empty wrapper whose inner HTML React never reads or
 * writes (an element with `dangerouslySetInnerHTML` has no children to hydrate), so hydration
 * skips everything inside. `display: contents` keeps the wrapper out of the layout.
 */
const keptAsServed = { __html: "" };

/**
 * A part of the page with nothing for the app to do (text, pictures, links, native disclosure
 * widgets): the prerender renders it, the browser keeps its HTML as served and the app never
 * hydrates it. Pass it as `import.meta.env.SSR && Part`: the bundler then leaves the part's code
 * and its words out of the app's chunks, where a reference inside this module could not.
 */
export function staticHtml(Part: ComponentType | false): ComponentType {
  if (!Part) {
    return function KeptAsServed() {
      return (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never anyone's text; it tells React to leave the served HTML inside alone.
        <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={keptAsServed} />
      );
    };
  }
  return function Served() {
    return (
      <div className="contents">
        <Part />
      </div>
    );
  };
}
