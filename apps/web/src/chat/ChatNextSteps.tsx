import { business } from "@bluewater/content";
import { chatNextSteps } from "@bluewater/content/chat";
import { Button, ButtonLink } from "@bluewater/ui/button";
import { ClipboardCheck, Phone } from "lucide-react";
import { formFromOverlay } from "../contact/formFromOverlay.ts";

interface ChatNextStepsProps {
  /**
   * The app's way to the form (it chooses the answer's service); without it, a link to the form
   * that closes the chat's first view, with or without JavaScript.
   */
  onRequestInspection?: (() => void) | undefined;
}

/** Under an answer: the call, as a real tel: link, and the way to the inspection form. */
export function ChatNextSteps({ onRequestInspection }: ChatNextStepsProps) {
  const request = (
    <>
      <ClipboardCheck aria-hidden="true" />
      {chatNextSteps.requestInspection}
    </>
  );
  return (
    <fieldset>
      <legend className="sr-only">{chatNextSteps.label}</legend>
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={business.phone.href} variant="outline" className="px-3 text-sm">
          <Phone aria-hidden="true" />
          {chatNextSteps.call}
        </ButtonLink>
        {onRequestInspection ? (
          <Button onClick={onRequestInspection} className="px-3 text-sm">
            {request}
          </Button>
        ) : (
          <ButtonLink href={formFromOverlay("from=chat")} className="px-3 text-sm">
            {request}
          </ButtonLink>
        )}
      </div>
    </fieldset>
  );
}
