import { business, businessHours, footer, navigation } from "@bluewater/content";
import { MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { BrandMark } from "../components/BrandMark.tsx";

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-sm font-bold tracking-widest text-accent-400 uppercase">
        {heading}
      </h2>
      {children}
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-navy-950 text-brand-100">
      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-3 text-lg font-extrabold text-white">
            <BrandMark className="size-10" />
            {business.name}
          </p>
          <p>{footer.blurb}</p>
        </div>
        <FooterColumn heading={footer.servicesHeading}>
          <ul className="flex flex-col gap-2">
            {footer.serviceLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-white hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn heading={footer.areasHeading}>
          <ul className="flex flex-col gap-2">
            {footer.areas.map((town) => (
              <li key={town}>{town}</li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn heading={footer.contactHeading}>
          <ul className="flex flex-col gap-3">
            <li>
              <a
                href={business.phone.href}
                aria-label={navigation.phoneLabel}
                className="flex items-center gap-2 font-bold text-white hover:underline"
              >
                <Phone aria-hidden="true" className="size-4 text-accent-400" />
                {business.phone.display}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-accent-400" />
              {business.address.locality}, {business.address.region} {business.address.postalCode}
            </li>
            {businessHours.rows.map((row) => (
              <li key={row.days} className="flex flex-wrap gap-x-2 text-sm">
                <span>{row.days}</span>
                <span className="whitespace-nowrap">{row.hours}</span>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6">
          <p>{footer.copyright}</p>
          <p className="font-semibold text-white">{footer.credentials}</p>
        </div>
      </div>
    </footer>
  );
}
