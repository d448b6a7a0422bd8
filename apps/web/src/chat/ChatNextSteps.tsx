import { business } from "@bluewater/content";
import { chatNextSteps } from "@bluewater/content/chat";
import { Button, ButtonLink } from "@bluewater/ui/button";
import { ClipboardCheck, Phone } from "lucide-react";

interface ChatNextStepsProps {
  onRequestInspection: () => void;
}

/** Under an answer: the call, as a real tel: link, and the way to the inspection form. */
export function ChatNextSteps({ onRequestInspection }: ChatNextStepsProps) {
  return (
    <fieldset>
      <legend className="sr-only">{chatNextSteps.label}</legend>
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={business.phone.href} variant="outline" className="px-3 text-sm">
          <Phone aria-hidden="true" />
          {chatNextSteps.call}
        </ButtonLink>
        <Button onClick={onRequestInspection} className="px-3 text-sm">
          <ClipboardCheck aria-hidden="true" />
          {chatNextSteps.requestInspection}
        </Button>
      </div>
    </fieldset>
  );
}
