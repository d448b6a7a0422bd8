import { type Service, sectionIds, servicesSection } from "@bluewater/content";
import { serviceDetails } from "@bluewater/content/service-details";
import { ButtonLink } from "@bluewater/ui/button";
import { Dialog, DialogContent } from "@bluewater/ui/dialog";
import { ContentImage } from "../components/ContentImage.tsx";

interface ServiceDetailsDialogProps {
  service: Service;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the dialog has closed: the caller decides where focus goes. */
  onClosed: () => void;
  onRequestInspection: () => void;
}

const labels = servicesSection.detailsLabels;

/** What a service involves, step by step. Loaded only when a visitor asks to learn more. */
export default function ServiceDetailsDialog({
  service,
  open,
  onOpenChange,
  onClosed,
  onRequestInspection,
}: ServiceDetailsDialogProps) {
  const details = serviceDetails[service.id];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={service.title}
        description={details.summary}
        closeLabel={labels.close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <ContentImage
          image={details.image}
          className="mb-6 w-full rounded-xl bg-brand-50"
          priority
        />
        <h3 className="mb-3 text-lg font-bold text-navy-950">{labels.steps}</h3>
        <ol className="mb-6 flex list-decimal flex-col gap-2 pl-5 text-slate-700 marker:font-bold marker:text-brand-700">
          {details.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <dl className="mb-6 grid gap-4 rounded-xl bg-sand-50 p-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-bold text-navy-950">{labels.duration}</dt>
            <dd className="text-slate-700">{details.duration}</dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-navy-950">{labels.bestFor}</dt>
            <dd className="text-slate-700">{details.bestFor}</dd>
          </div>
        </dl>
        <ButtonLink
          href={`#${sectionIds.contact}`}
          onClick={(event) => {
            event.preventDefault();
            onRequestInspection();
          }}
        >
          {labels.requestCta}
        </ButtonLink>
      </DialogContent>
    </Dialog>
  );
}
