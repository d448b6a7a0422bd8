import { iconStylesheet } from "@bluewater/ui/icon-stylesheet";
import type { Plugin } from "vite";

const id = "virtual:icons.css";

/** The icons' stylesheet (@bluewater/ui's Icon), made when the page's CSS is built: `import "virtual:icons.css"`. */
export function icons(): Plugin {
  return {
    name: "icons",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: async (resolved) => (resolved === `\0${id}` ? iconStylesheet() : undefined),
  };
}
