import { business, notFoundPage } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { useLocation } from "@tanstack/react-router";
import { Phone } from "lucide-react";
import { useEffect } from "react";
import { BrandMark } from "../components/BrandMark.tsx";
import { CallLabel } from "../components/CallLabel.tsx";
import { useHydratedMarker } from "./useHydratedMarker.ts";

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useHydratedMarker();

  // The built 404 page logs the path with an inline script of its own on every visit
  // (src/prerender/notFoundLog.ts); `pnpm dev` has no built pages, so there the app logs it.
  useEffect(() => {
    if (import.meta.env.DEV) console.error(notFoundPage.consoleMessage, pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-sand-50 px-4 text-center">
      <BrandMark className="size-16" />
      <h1 className="text-4xl font-extrabold text-navy-950">{notFoundPage.heading}</h1>
      <p className="max-w-md text-lg text-muted-foreground">{notFoundPage.body}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/" size="lg">
          {notFoundPage.homeLink}
        </ButtonLink>
        <ButtonLink href={business.phone.href} variant="outline" size="lg">
          <Phone aria-hidden="true" />
          <CallLabel words={notFoundPage.callCta} />
        </ButtonLink>
      </div>
    </main>
  );
}
