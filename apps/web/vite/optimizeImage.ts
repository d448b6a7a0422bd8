import { basename, dirname, extname } from "node:path";
import sharp, { type Sharp } from "sharp";

export interface ResponsiveSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/** What the page needs to show one photo: its size, modern formats and a JPEG fallback. */
export interface ResponsiveImage {
  width: number;
  height: number;
  srcSet: string;
  sources: ResponsiveSource[];
}

export interface GeneratedFile {
  /** Path below the site root, without the leading slash. */
  fileName: string;
  source: Buffer;
}

export const defaultWidths = [480, 960, 1440] as const;

const encoders = {
  avif: { type: "image/avif", encode: (image: Sharp) => image.avif({ quality: 50, effort: 4 }) },
  webp: { type: "image/webp", encode: (image: Sharp) => image.webp({ quality: 74 }) },
  jpg: { type: "image/jpeg", encode: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }) },
} as const;

/**
 * Turns one original photo into the widths a phone and a desktop need, in AVIF, WebP and JPEG.
 * `publicPath` is the address content uses for the photo (e.g. /photos/family-room.jpg); it is
 * written too, as the largest JPEG, so the plain `src` always works.
 */
export async function optimizeImage(
  original: Buffer,
  publicPath: string,
  widths: readonly number[] = defaultWidths,
): Promise<{ files: GeneratedFile[]; image: ResponsiveImage }> {
  const { width: originalWidth = 0, height: originalHeight = 0 } = await sharp(original).metadata();
  if (originalWidth === 0 || originalHeight === 0) throw new Error(`${publicPath}: not an image`);
  const largest = Math.min(originalWidth, Math.max(...widths));
  const sizes = [...new Set([...widths.filter((w) => w < largest), largest])].sort((a, b) => a - b);
  const stem = `${dirname(publicPath)}/${basename(publicPath, extname(publicPath))}`.replace(
    /^\//,
    "",
  );

  const files: GeneratedFile[] = [];
  const srcSets: Record<keyof typeof encoders, string[]> = { avif: [], webp: [], jpg: [] };
  for (const width of sizes) {
    for (const [format, { encode }] of Object.entries(encoders) as Array<
      [keyof typeof encoders, (typeof encoders)[keyof typeof encoders]]
    >) {
      const fileName = `${stem}-${width}.${format}`;
      const source = await encode(sharp(original).rotate().resize({ width })).toBuffer();
      files.push({ fileName, source });
      srcSets[format].push(`/${fileName} ${width}w`);
    }
  }
  const fallback = files.find((file) => file.fileName === `${stem}-${largest}.jpg`);
  if (fallback) files.push({ fileName: publicPath.replace(/^\//, ""), source: fallback.source });

  return {
    files,
    image: {
      width: largest,
      height: Math.round((originalHeight * largest) / originalWidth),
      srcSet: srcSets.jpg.join(", "),
      sources: [
        { type: "image/avif", srcSet: srcSets.avif.join(", ") },
        { type: "image/webp", srcSet: srcSets.webp.join(", ") },
      ],
    },
  };
}
