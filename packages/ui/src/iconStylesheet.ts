/**
 * The icons' stylesheet, made by the build (Node) from lucide-react's drawings: each icon is a
 * mask of its drawing over the text's colour, so it takes the colour and the size its classes
 * give, like the SVG it replaces (Tailwind's preflight makes an SVG a block; so is an icon).
 */
import { type IconName, iconDrawings } from "./iconDrawings.ts";

type IconNode = Array<[string, Record<string, string>]>;

/** Lucide's drawing attributes (lucide-react's defaults). */
const outline =
  'fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const filled =
  'fill="#000" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

async function drawing(lucide: string): Promise<IconNode> {
  const module = (await import(`lucide-react/icons/${lucide}`)) as {
    __iconData?: { node: IconNode };
  };
  if (!module.__iconData) throw new Error(`lucide-react has no drawing data for "${lucide}"`);
  return module.__iconData.node;
}

/** A data URL of an SVG, escaping only what a URL in CSS needs (smaller than encodeURIComponent). */
const dataUrl = (svg: string) =>
  `url("data:image/svg+xml,${svg.replaceAll('"', "'").replaceAll("%", "%25").replaceAll("#", "%23").replaceAll("<", "%3C").replaceAll(">", "%3E")}")`;

async function iconRule(name: IconName): Promise<string> {
  const { lucide, ...rest } = iconDrawings[name];
  const paint = "filled" in rest && rest.filled ? filled : outline;
  const shapes = (await drawing(lucide))
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => `${key}="${value}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" ${paint}>${shapes}</svg>`;
  return `.icon-${name}{--icon:${dataUrl(svg)}}`;
}

/** Every icon's rule, in the components layer so that Tailwind's utilities size and colour it. */
export async function iconStylesheet(): Promise<string> {
  const names = Object.keys(iconDrawings) as IconName[];
  const rules = await Promise.all(names.map(iconRule));
  return `@layer components{.icon{display:block;width:1.5rem;height:1.5rem;background-color:currentColor;-webkit-mask:var(--icon) center/100% 100% no-repeat;mask:var(--icon) center/100% 100% no-repeat}${rules.join("")}}
@media (forced-colors:active){.icon{forced-color-adjust:none}}
`;
}
