import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions } from "vite";
import { defineConfig } from "vitest/config";
import { responsiveImages } from "./vite/responsiveImagesPlugin.ts";

// The tests see the configuration the site was built with: the shell's, else the local defaults.
if (!process.env.VITE_SUPABASE_PUBLISHABLE_KEY) {
  process.loadEnvFile(fileURLToPath(new URL("../../tools/stack/local.env", import.meta.url)));
}

export default defineConfig({
  plugins: [
    react(),
    responsiveImages({ sourceDir: fileURLToPath(new URL("photos", import.meta.url)) }),
  ],
  // The content package's source, as in vite.config.ts: the tests need no build first.
  resolve: { conditions: ["@bluewater/source", ...defaultClientConditions] },
  test: {
    environment: "jsdom",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/unit/setup.ts"],
  },
});
