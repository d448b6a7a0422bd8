import { finishing, sectionIds } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { Images } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ContentImage } from "../components/ContentImage.tsx";
import { Icon } from "../components/icons.tsx";
import { LazyBoundary } from "../components/LazyBoundary.tsx";
import { Section } from "../components/Section.tsx";
import { useServiceRequest } from "../contact/serviceRequest.tsx";
import { prefetchOnReach, useIdlePreload } from "../start/index.ts";

const loadGallery = () => import("./FinishingGalleryDialog.tsx");

export function FinishingSection() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  const { requestService } = useServiceRequest();
  const { Component: FinishingGalleryDialog, failed, prepare } = useIdlePreload(loadGallery);

  // Without its code (the visitor went offline) the link does what it does without the app.
  useEffect(() => {
    if (!failed || !requested) return;
    setRequested(false);
    window.location.hash = finishing.photosId;
  }, [failed, requested]);

  return (
    <Section id={sectionIds.finishing} tone="sand" heading={finishing}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {finishing.ideas.map((idea) => (
          <li key={idea.id} className="flex gap-4 rounded-xl bg-white p-5 shadow-card">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-100 text-navy-900">
              <Icon name={idea.icon} className="size-6" />
            </span>
            <div>
              <h3 className="font-bold text-navy-950">{idea.title}</h3>
              <p className="text-sm text-muted-foreground">{idea.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <ul id={finishing.photosId} className="mt-10 grid gap-4 sm:grid-cols-3">
        {finishing.photos.map((photo) => (
          <li key={photo.id}>
            <figure>
              <ContentImage
                image={photo.image}
                sizes="(min-width: 640px) 33vw, 100vw"
                className="aspect-4/3 w-full rounded-xl bg-white object-cover shadow-card"
              />
              <figcaption className="mt-2 text-sm font-medium text-slate-700">
                {photo.caption}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        {/* Leads to the photos above without the app; with it, opens them one at a time. */}
        <ButtonLink
          ref={opener}
          href={`#${finishing.photosId}`}
          variant="outline"
          size="lg"
          aria-haspopup="dialog"
          {...prefetchOnReach("finishing-gallery")}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={(event) => {
            event.preventDefault();
            prepare();
            setRequested(true);
            setOpen(true);
          }}
        >
          <Images aria-hidden="true" />
          {finishing.galleryCta}
        </ButtonLink>
        <ButtonLink
          href={`#${sectionIds.contact}`}
          size="lg"
          onClick={() => requestService("basement-finishing", "choice")}
        >
          {finishing.consultationCta}
        </ButtonLink>
      </div>
      {requested && FinishingGalleryDialog && (
        <LazyBoundary>
          <FinishingGalleryDialog
            open={open}
            onOpenChange={setOpen}
            onClosed={() => opener.current?.focus()}
          />
        </LazyBoundary>
      )}
    </Section>
  );
}
