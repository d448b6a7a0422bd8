import type { ImgHTMLAttributes } from "react";
import { cn } from "./cn.ts";

export interface ImageSource {
  /** A `srcset` value, e.g. "/a-480.avif 480w, /a-960.avif 960w". */
  srcSet: string;
  type: "image/avif" | "image/webp";
}

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "alt" | "width" | "height"> & {
  src: string;
  /** Required: describe the picture, or pass "" for a purely decorative one. */
  alt: string;
  width: number;
  height: number;
  /** Modern formats the browser picks from before falling back to `src`. */
  sources?: readonly ImageSource[];
  /** Only the picture in the first view should load eagerly. */
  priority?: boolean;
};

/**
 * An image that cannot be rendered without alt text or intrinsic size (so it never shifts the
 * layout), lazy below the fold unless marked as the priority picture.
 */
export function Image({ sources, priority = false, className, sizes, alt, ...props }: ImageProps) {
  const img = (
    <img
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      sizes={sizes}
      className={cn("h-auto max-w-full", className)}
      {...props}
    />
  );
  if (!sources || sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
