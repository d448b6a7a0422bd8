import type { ServiceIcon } from "@bluewater/content";
import {
  Award,
  BedDouble,
  Briefcase,
  Clapperboard,
  Droplets,
  Gamepad2,
  Grid2x2,
  Hammer,
  HandHeart,
  Heart,
  House,
  type LucideIcon,
  MapPin,
  PencilRuler,
  Shovel,
  Sofa,
  Waves,
} from "lucide-react";

/** Content names icons by meaning; this is the one place that turns a name into a drawing. */
const icons = {
  droplets: Droplets,
  shovel: Shovel,
  crack: Hammer,
  house: House,
  window: Grid2x2,
  waves: Waves,
  heart: Heart,
  award: Award,
  "map-pin": MapPin,
  "hand-heart": HandHeart,
  sofa: Sofa,
  clapperboard: Clapperboard,
  gamepad: Gamepad2,
  briefcase: Briefcase,
  bed: BedDouble,
  "pencil-ruler": PencilRuler,
};

// Every icon a service card can name must have a drawing.
const serviceIcons: Record<ServiceIcon, LucideIcon> = icons;
void serviceIcons;

export type IconName = keyof typeof icons;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Drawing = icons[name];
  return <Drawing aria-hidden="true" className={className} />;
}
