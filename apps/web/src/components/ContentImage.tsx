import responsiveImages from "virtual:responsive-images";
import type { ImageAsset } from "@bluewater/content";
import { Image } from "@bluewater/ui/image";
import type { ResponsiveImage } from "../../vite/optimizeImage.ts";

type ContentImageProps = {
  image: ImageAsset;
  className?: string;
  sizes?: string;
  priority?: boolean;
};

/** The props an <Image> needs for a content picture: a photo gets its AVIF/WebP widths. */
export function imageProps(
  image: ImageAsset,
  responsive: ResponsiveImage | undefined,
): ImageAsset & Partial<Pick<ResponsiveImage, "srcSet" | "sources">> {
  if (!responsive) return { ...image };
  return {
    ...image,
    width: responsive.width,
    height: responsive.height,
    srcSet: responsive.srcSet,
    sources: responsive.sources,
  };
}

/** A picture from the content package, drawn illustration or photo alike. */
export function ContentImage({ image, ...props }: ContentImageProps) {
  return <Image {...imageProps(image, responsiveImages[image.src])} {...props} />;
}
