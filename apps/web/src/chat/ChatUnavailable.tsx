import { business, chatLauncherCopy, sectionIds } from "@bluewater/content";
import { ButtonLink } from "@bluewater/ui/button";
import { Phone } from "lucide-react";
import type { Ref } from "react";
import { prefetchOnReach } from "../onDemandCode.ts";

const copy = chatLauncherCopy.unavailable;

/**
 * What the launcher opens while the chat cannot run (before the app has started, or when its
 * code could not be loaded): the phone number and the form. A native popover, so it works
 * without any script; a tap outside or Escape closes it.
 */
interface ChatUnavailableProps {
  id: string;
  ref: Ref<HTMLDivElement>;
  /** Once the app runs: closes the popover when the visitor heads for the form. */
  onLeave?: () => void;
}

export function ChatUnavailable({ id, ref, onLeave }: ChatUnavailableProps) {
  return (
    <div
      ref={ref}
      id={id}
      popover="auto"
      role="dialog"
      {...prefetchOnReach("chat-panel")}
      aria-label={copy.label}
      className="inset-auto right-4 bottom-22 m-0 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border-0 bg-white p-5 text-foreground shadow-raised sm:right-6 sm:bottom-24"
    >
      <p className="text-lg font-bold text-navy-950">{copy.title}</p>
      <p className="mt-1 text-muted-foreground">{copy.text}</p>
      <div className="mt-4 flex flex-col gap-2">
        <ButtonLink href={business.phone.href} wrap="never">
          <Phone aria-hidden="true" />
          {copy.callLabel}
        </ButtonLink>
        <ButtonLink href={`#${sectionIds.contact}`} variant="outline" onClick={onLeave}>
          {copy.formLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
