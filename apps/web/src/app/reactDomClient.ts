/**
 * React DOM's client, for `src/main.tsx`. React ships CommonJS, which the bundler wraps to run on
 * first use: imported straight from the entry, React DOM's body (about 12 ms here, four times that
 * on a slow phone) would run in the same task as making the router and starting hydration. This
 * module is put in the react chunk (`vite/appChunks.ts`), so that body runs while the boot
 * script evaluates that chunk, in a task of its own.
 */
export { createRoot, hydrateRoot } from "react-dom/client";
