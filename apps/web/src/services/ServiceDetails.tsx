import { type Service, servicesSection } from "@bluewater/content";
import { serviceDetails } from "@bluewater/content/service-details";
import { ButtonLink } from "@bluewater/ui/button";
import { NativeDialog } from "@bluewater/ui/nativeDialog";
import { ContentImage } from "../components/ContentImage.tsx";
import { formFromOverlay } from "../contact/formFromOverlay.ts";
import { asksForService } from "../contact/serviceRequest.tsx";

const labels = servicesSection.detailsLabels;

/** The id of a service's details dialog, which its "Learn More" button opens. */
export const detailsDialogId = (service: Service) => `${service.id}-details`;

/**
 * What a service involves, step by step: a dialog in the HTML, so "Learn More" opens it at once,
 * before, without and with the app. Its request button goes to the form; with the app it also
 * chooses the service there (contact/serviceRequest.tsx), and a link in a dialog closes it
 * (src/start/visitorActs.ts).
 */
export function ServiceDetails({ service }: { service: Service }) {
  const details = serviceDetails[service.id];
  return (
    <NativeDialog
      id={detailsDialogId(service)}
      title={service.title}
      description={details.summary}
      closeLabel={labels.close}
    >
      <ContentImage image={details.image} className="mb-6 w-full rounded-xl bg-brand-50" />
      <h3 className="mb-3 text-lg font-bold text-navy-950">{labels.steps}</h3>
      <ol className="mb-6 flex list-decimal flex-col gap-2 pl-5 text-slate-700 marker:font-bold marker:text-brand-700">
        {details.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <dl className="mb-6 grid grid-cols-1 gap-4 rounded-xl bg-sand-50 p-4 sm:grid-cols-2">
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
        href={formFromOverlay(`service=${service.option}`)}
        {...asksForService(service.option, "choice")}
      >
        {labels.requestCta}
      </ButtonLink>
    </NativeDialog>
  );
}
