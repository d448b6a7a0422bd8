import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { responsiveImages } from "./vite/responsiveImagesPlugin.ts";

export default defineConfig({
  plugins: [
    react(),
    responsiveImages({ sourceDir: fileURLToPath(new URL("photos", import.meta.url)) }),
  ],
  test: {
    environment: "jsdom",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/unit/setup.ts"],
    env: {
      VITE_SUPABASE_URL: "http://127.0.0.1:54321",
      VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_unit_test",
    },
  },
});
