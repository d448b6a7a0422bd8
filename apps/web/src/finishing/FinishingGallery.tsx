import { finishing } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { NativeDialog } from "@bluewater/ui/nativeDialog";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { ContentImage } from "../components/ContentImage.tsx";

const { photos, gallery } = finishing;

/** The gallery's dialog, which "View Finishing Gallery" opens. */
export const galleryDialogId = "finishing-gallery";

const slideId = (index: number) => `finishing-photo-${index + 1}`;
const wrapped = (index: number) => (index + photos.length) % photos.length;

/**
 * The finishing photos one at a time, in a dialog of the HTML's own: a strip that snaps to each
 * photo, swiped on a phone, scrolled by the arrow keys (it has the focus when the dialog opens),
 * and paged by links to the photo before and after, which the browser follows within the strip.
 * All of it works without any script.
 */
export function FinishingGallery() {
  return (
    <NativeDialog
      id={galleryDialogId}
      title={gallery.title}
      description={gallery.description}
      closeLabel={gallery.close}
      width="lg"
    >
      <ul
        aria-label={gallery.title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls with the arrow keys once focused.
        tabIndex={0}
        // biome-ignore lint/a11y/noAutofocus: the dialog opens on the strip, so the arrow keys page at once.
        autoFocus
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain scroll-smooth rounded-xl focus-visible:outline-3 focus-visible:outline-ring motion-reduce:scroll-auto"
      >
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            id={slideId(index)}
            aria-roledescription="slide"
            className="w-full shrink-0 snap-center"
          >
            <figure>
              <ContentImage image={photo.image} className="w-full rounded-xl bg-sand-50" />
              <figcaption className="mt-3 flex items-center justify-between gap-4">
                <span className="font-semibold text-navy-950">{photo.caption}</span>
                <span className="text-sm whitespace-nowrap text-muted-foreground">
                  {gallery.position(index + 1, photos.length)}
                </span>
              </figcaption>
            </figure>
            <div className="mt-4 flex justify-between gap-3">
              <ButtonLink variant="outline" href={`#${slideId(wrapped(index - 1))}`}>
                <ChevronLeft aria-hidden="true" />
                {gallery.previous}
              </ButtonLink>
              <ButtonLink variant="outline" href={`#${slideId(wrapped(index + 1))}`}>
                {gallery.next}
                <ChevronRight aria-hidden="true" />
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
    </NativeDialog>
  );
}
