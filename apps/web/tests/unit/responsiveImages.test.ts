import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageProps } from "../../src/components/ContentImage.tsx";
import { optimizeImage } from "../../vite/optimizeImage.ts";

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 170 } } })
    .jpeg()
    .toBuffer();
}

// Encoding images, AVIF among them, takes seconds on a busy two-core machine: every test here
// encodes, so none is cut off by the default five seconds.
const encodingTimeoutMs = 60_000;

describe("the photo pipeline", { timeout: encodingTimeoutMs }, () => {
  it("writes AVIF, WebP and JPEG at each width up to the original, plus the plain src", async () => {
    const { files, image } = await optimizeImage(
      await photo(2000, 1500),
      "/photos/family-room.jpg",
    );
    const names = files.map((file) => file.fileName).sort();
    expect(names).toEqual(
      [
        "photos/family-room-1440.avif",
        "photos/family-room-1440.jpg",
        "photos/family-room-1440.webp",
        "photos/family-room-480.avif",
        "photos/family-room-480.jpg",
        "photos/family-room-480.webp",
        "photos/family-room-960.avif",
        "photos/family-room-960.jpg",
        "photos/family-room-960.webp",
        "photos/family-room.jpg",
      ].sort(),
    );
    expect(image).toMatchObject({ width: 1440, height: 1080 });
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image.sources[0]?.srcSet).toBe(
      "/photos/family-room-480.avif 480w, /photos/family-room-960.avif 960w, /photos/family-room-1440.avif 1440w",
    );
    const small = files.find((file) => file.fileName.endsWith("-480.webp"));
    const meta = await sharp(small?.source).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 360]);
  });

  it("never enlarges a small photo", async () => {
    const { image } = await optimizeImage(await photo(700, 350), "/photos/small.jpg");
    expect(image).toMatchObject({ width: 700, height: 350 });
    expect(image.srcSet).toBe("/photos/small-480.jpg 480w, /photos/small-700.jpg 700w");
  });

  it("gives a content photo its sizes and sources; an illustration stays as it is", async () => {
    const asset = { src: "/photos/a.jpg", alt: "A finished basement", width: 1, height: 1 };
    const { image } = await optimizeImage(await photo(1000, 500), asset.src);
    expect(imageProps(asset, image)).toMatchObject({ width: 1000, height: 500, alt: asset.alt });
    expect(imageProps(asset, image).sources).toHaveLength(2);
    expect(imageProps(asset, undefined)).toEqual(asset);
  });
});
