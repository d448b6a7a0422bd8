import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Rolldown splits modules shared by the entry and a lazy chunk into extra common chunks; the
 * first view then fetches half a dozen small files. This records every module the entry reaches
 * through static imports, so they all go into the one entry chunk and lazy chunks import from it.
 */
function firstViewChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const firstView = new Set<string>();
  const plugin: Plugin = {
    name: "first-view-chunk",
    apply: "build",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop();
        if (id === undefined || firstView.has(id)) continue;
        firstView.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // The bundler's own runtime helpers are needed before anything else runs.
  return { plugin, test: (id) => firstView.has(id) || id.includes("rolldown/runtime") };
}

const firstView = firstViewChunk();

export default defineConfig({
  plugins: [react(), tailwindcss(), firstView.plugin],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "index", test: firstView.test }] },
      },
    },
  },
});
