import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { responsiveImages } from "./vite/responsiveImagesPlugin.ts";

/**
 * Rolldown splits modules shared by the app and a lazy chunk into extra common chunks; the first
 * view then fetches half a dozen small files. This records every module the app (`main.tsx`,
 * which `boot.ts` loads after the first paint) reaches through static imports, so they all go
 * into one chunk and the lazy chunks import from it.
 */
function firstViewChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const firstView = new Set<string>();
  const plugin: Plugin = {
    name: "first-view-chunk",
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
  // Vite's preload helper is shared with the boot script, which must not import the app chunk.
  return { plugin, test: (id) => firstView.has(id) && !id.includes("vite/preload-helper") };
}

const firstView = firstViewChunk();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    responsiveImages({ sourceDir: fileURLToPath(new URL("photos", import.meta.url)) }),
    firstView.plugin,
  ],
  build: {
    // Vite's preload helper would tie the boot script to the app chunk (it is shared by both);
    // lazy chunks then fetch their one shared dependency themselves, which hover-prefetch hides.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: "app", test: firstView.test }],
        },
      },
    },
  },
});
