import { businessHours } from "@bluewater/content";
import { Clock } from "lucide-react";

export function BusinessHours() {
  return (
    <div>
      <h3 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <Clock aria-hidden="true" className="size-5 text-accent-400" />
        {businessHours.heading}
      </h3>
      <dl className="flex flex-col gap-2">
        {businessHours.rows.map((row) => (
          <div key={row.days} className="flex justify-between gap-4 border-b border-white/15 pb-2">
            <dt className="text-brand-100">{row.days}</dt>
            <dd className="font-semibold">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
