import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";
import { appChunks } from "./vite/appChunks.ts";
import { responsiveImages } from "./vite/responsiveImagesPlugin.ts";

const app = appChunks();

// Workspace packages are read from their source (their exports' "@bluewater/source" condition),
// so development and this build need no package built first.
const sourceCondition = "@bluewater/source";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    responsiveImages({ sourceDir: fileURLToPath(new URL("photos", import.meta.url)) }),
    app.plugin,
  ],
  resolve: {
    conditions: [sourceCondition, ...defaultClientConditions],
    // TanStack's store imports the shim of useSyncExternalStore made for React 17; React 19 has
    // the hook itself, and the package's own entry without the shim saves the page's first script
    // about 0.7 KB.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
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
        codeSplitting: { includeDependenciesRecursively: false, groups: app.groups },
        postBanner: app.firstLine,
      },
    },
  },
});
