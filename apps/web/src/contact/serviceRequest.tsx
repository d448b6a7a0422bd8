import { isServiceOptionValue, type ServiceOptionValue } from "@bluewater/content";
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from "react";
import { showContactForm } from "./showContactForm.ts";

export interface ServiceRequest {
  value: ServiceOptionValue;
  /** A "learn more" is a hint; a "request inspection" is the visitor's explicit choice. */
  strength: "hint" | "choice";
  /** Distinguishes two requests for the same service, so each one reaches the form. */
  sequence: number;
}

interface ServiceRequestContextValue {
  request: ServiceRequest | null;
  requestService: (value: ServiceOptionValue, strength: ServiceRequest["strength"]) => void;
}

const ServiceRequestContext = createContext<ServiceRequestContextValue>({
  request: null,
  requestService: () => {},
});

/**
 * The attributes of a control in the HTML the app keeps as served (a service's "Learn More" and
 * its details' request button) that asks for a service: the provider hears its taps.
 */
export function asksForService(
  value: ServiceOptionValue,
  strength: ServiceRequest["strength"],
): { "data-service": ServiceOptionValue; "data-service-strength": ServiceRequest["strength"] } {
  return { "data-service": value, "data-service-strength": strength };
}

/** The service a tap asked for through `asksForService`, if it did. */
function askedFor(target: EventTarget | null): Pick<ServiceRequest, "value" | "strength"> | null {
  const control = target instanceof Element ? target.closest<HTMLElement>("[data-service]") : null;
  const value = control?.dataset.service ?? "";
  if (!isServiceOptionValue(value)) return null;
  return { value, strength: control?.dataset.serviceStrength === "choice" ? "choice" : "hint" };
}

/**
 * Lets the service cards, the finishing section and the chat preselect "Service Needed" in the
 * contact form further down. A request from a service's details also brings the form itself into
 * view (showContactForm); the link's own jump would stop at the section's top.
 */
export function ServiceRequestProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ServiceRequest | null>(null);
  // The same function for the page's life: the listener below is added once.
  const requestService = useCallback<ServiceRequestContextValue["requestService"]>(
    (service, strength) =>
      setRequest((previous) => ({
        value: service,
        strength,
        sequence: (previous?.sequence ?? 0) + 1,
      })),
    [],
  );
  const value = useMemo(() => ({ request, requestService }), [request, requestService]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const asked = askedFor(event.target);
      if (!asked) return;
      requestService(asked.value, asked.strength);
      if (asked.strength === "choice") {
        event.preventDefault();
        showContactForm();
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [requestService]);
  return <ServiceRequestContext value={value}>{children}</ServiceRequestContext>;
}

export function useServiceRequest(): ServiceRequestContextValue {
  return use(ServiceRequestContext);
}
