import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { responsiveImages } from "./vite/responsiveImagesPlugin.ts";

/**
 * The app (`src/main.tsx`, loaded by `src/boot.ts` after the first paint) is cut into four
 * chunks: React, the other libraries (mostly the router), the content, and the page. The boot script evaluates them one per task, so no
 * single task blocks a tap for long on a slow phone. Left to itself Rolldown would instead split
 * modules shared with the lazy chunks into half a dozen small files.
 */
function firstViewChunks(): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
} {
  const firstView = new Set<string>();
  const plugin: Plugin = {
    name: "first-view-chunks",
    apply: "build",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => id.endsWith("/src/main.tsx"));
      while (pending.length > 0) {
        const id = pending.pop();
        if (id === undefined || firstView.has(id)) continue;
        firstView.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const inFirstView = (pattern: RegExp) => (id: string) => firstView.has(id) && pattern.test(id);
  return {
    plugin,
    groups: [
      {
        name: "react",
        priority: 4,
        test: inFirstView(/node_modules\/(react|react-dom|scheduler)\//),
      },
      // TanStack Router and the small libraries it and the page use; never our own code, so the
      // chunks import one another in one direction only.
      { name: "libraries", priority: 3, test: inFirstView(/node_modules\//) },
      // Everything the page says: text compiles slowly, so it gets a task of its own.
      { name: "content", priority: 2, test: inFirstView(/packages\/content\//) },
      { name: "page", priority: 1, test: inFirstView(/./) },
    ],
  };
}

const firstView = firstViewChunks();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    responsiveImages({ sourceDir: fileURLToPath(new URL("photos", import.meta.url)) }),
    firstView.plugin,
  ],
  build: {
    // The build script reads the manifest to tell the boot script which chunks make the app.
    manifest: true,
    // The boot script fetches the app's chunks itself; lazy chunks fetch their one shared
    // dependency on their own, which the hover/focus prefetch hides.
    modulePreload: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL("index.html", import.meta.url)),
        app: fileURLToPath(new URL("src/main.tsx", import.meta.url)),
      },
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: firstView.groups },
      },
    },
  },
});
