import { business, navigation, sectionIds } from "@bluewater/content";
import { Phone } from "lucide-react";
import { BrandMark } from "../components/BrandMark.tsx";
import { MobileMenu } from "./MobileMenu.tsx";

/** The fixed navigation bar: brand, the five section links, and the phone number. */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* The bar's spacing and tap targets are in px, its words in rem: text enlarged to 150% on
          a 390 px phone grows the brand and the number, not the gaps, and the bar still fits. */}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-[8px] px-[12px] sm:gap-3 sm:px-6">
        {/* Named for screen readers at every width: below 375 px only the logo shows. */}
        <a
          href={`#${sectionIds.home}`}
          aria-label={navigation.brandLines.join(" ")}
          className="mr-auto flex min-h-11 min-w-[44px] items-center gap-[8px] rounded-lg sm:gap-2.5"
        >
          <BrandMark className="size-[32px] shrink-0 sm:size-9" />
          <span className="hidden min-w-0 flex-col leading-none min-[375px]:flex">
            <span className="truncate text-[0.9375rem] font-extrabold tracking-tight text-navy-950 sm:text-lg">
              {navigation.brandLines[0]}
            </span>{" "}
            <span className="truncate text-[0.625rem] font-semibold tracking-wide text-brand-700 uppercase sm:text-xs sm:tracking-wider">
              {navigation.brandLines[1]}
            </span>
          </span>
        </a>
        <nav aria-label={navigation.label} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navigation.items.map((item) => (
              <li key={item.sectionId}>
                <a
                  href={`#${item.sectionId}`}
                  className="rounded-lg px-3 py-2 font-semibold text-slate-700 transition-colors hover:bg-brand-50 hover:text-navy-950"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={business.phone.href}
          aria-label={navigation.phoneLabel}
          className="flex h-11 shrink-0 items-center gap-1.5 rounded-lg bg-accent-500 px-[10px] text-sm font-bold whitespace-nowrap text-navy-950 shadow-sm transition-colors hover:bg-accent-400 sm:gap-2 sm:px-4 sm:text-base"
        >
          <Phone aria-hidden="true" className="size-4 sm:size-5" />
          {/* Up to 4.5vw on a phone: with its text at 150% (175% from 360 px, 200% from 390) the
              number and the menu still fit beside the logo; at 100% nothing changes. */}
          <span className="max-sm:text-[min(0.875rem,4.5vw)]">{business.phone.display}</span>
        </a>
        <MobileMenu />
      </div>
    </header>
  );
}
