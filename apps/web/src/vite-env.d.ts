/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
}

declare module "virtual:responsive-images" {
  const images: Record<string, import("../vite/optimizeImage.ts").ResponsiveImage>;
  export default images;
}
