import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";
import { type GeneratedFile, optimizeImage, type ResponsiveImage } from "./optimizeImage.ts";

const virtualId = "virtual:responsive-images";
const resolvedId = `\0${virtualId}`;
const rasters = /\.(jpe?g|png|webp|avif)$/i;

/**
 * Photos dropped into `photos/` are served at `/photos/<name>` in AVIF, WebP and JPEG widths.
 * `virtual:responsive-images` maps each photo's address to its sizes, so the page renders a
 * <picture> with width and height set; the drawn SVG illustrations need none of this.
 */
export function responsiveImages({ sourceDir }: { sourceDir: string }): Plugin {
  const manifest: Record<string, ResponsiveImage> = {};
  const generated = new Map<string, GeneratedFile>();
  let processed: Promise<void> | undefined;

  const processAll = async () => {
    const names = (await readdir(sourceDir).catch(() => [])).filter((name) => rasters.test(name));
    for (const name of names) {
      const publicPath = `/photos/${name.replace(/\.(png|webp|avif)$/i, ".jpg")}`;
      const { files, image } = await optimizeImage(
        await readFile(join(sourceDir, name)),
        publicPath,
      );
      manifest[publicPath] = image;
      for (const file of files) generated.set(`/${file.fileName}`, file);
    }
  };

  return {
    name: "responsive-images",
    async buildStart() {
      processed ??= processAll();
      await processed;
      if (this.environment.config.consumer !== "client" || this.environment.mode !== "build")
        return;
      for (const file of generated.values()) {
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = generated.get(request.url?.split("?")[0] ?? "");
        if (!file) return next();
        response.setHeader("content-type", `image/${file.fileName.split(".").pop()}`);
        response.end(file.source);
      });
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      return id === resolvedId ? `export default ${JSON.stringify(manifest)};` : undefined;
    },
  };
}
