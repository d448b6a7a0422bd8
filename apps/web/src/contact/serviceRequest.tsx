import type { ServiceOptionValue } from "@bluewater/content";
import { createContext, type ReactNode, use, useMemo, useState } from "react";

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

/** Lets the service cards preselect "Service Needed" in the contact form further down. */
export function ServiceRequestProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ServiceRequest | null>(null);
  const value = useMemo<ServiceRequestContextValue>(
    () => ({
      request,
      requestService: (service, strength) =>
        setRequest((previous) => ({
          value: service,
          strength,
          sequence: (previous?.sequence ?? 0) + 1,
        })),
    }),
    [request],
  );
  return <ServiceRequestContext value={value}>{children}</ServiceRequestContext>;
}

export function useServiceRequest(): ServiceRequestContextValue {
  return use(ServiceRequestContext);
}
