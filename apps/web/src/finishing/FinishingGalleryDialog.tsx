import { finishing } from "@bluewater/content";
import { Button } from "@bluewater/ui/button";
import { Dialog, DialogContent } from "@bluewater/ui/dialog";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { ContentImage } from "../components/ContentImage.tsx";

interface FinishingGalleryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}

const { photos, gallery } = finishing;

/** The finishing photos one at a time, with buttons and arrow keys. Loaded on first open. */
export default function FinishingGalleryDialog({
  open,
  onOpenChange,
  onClosed,
}: FinishingGalleryDialogProps) {
  const [index, setIndex] = useState(0);
  const photo = photos[index] ?? photos[0];
  const step = (by: number) =>
    setIndex((current) => (current + by + photos.length) % photos.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    if (event.key === "ArrowLeft") step(-1);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={gallery.title}
        description={gallery.description}
        closeLabel={gallery.close}
        width="lg"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <figure aria-roledescription="slide">
          <ContentImage image={photo.image} priority className="w-full rounded-xl bg-sand-50" />
          <figcaption className="mt-3 flex items-center justify-between gap-4">
            <span className="font-semibold text-navy-950">{photo.caption}</span>
            <span aria-live="polite" className="text-sm whitespace-nowrap text-muted-foreground">
              {gallery.position(index + 1, photos.length)}
            </span>
          </figcaption>
        </figure>
        <div className="mt-4 flex justify-between gap-3">
          <Button variant="outline" onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" />
            {gallery.previous}
          </Button>
          <Button variant="outline" onClick={() => step(1)}>
            {gallery.next}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
