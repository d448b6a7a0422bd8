import { escapeText, escapeUTF8 } from "entities/escape";

/**
 * The answer page's only style, inline so the page needs no second request: the site's colours
 * (packages/ui/src/theme.css tokens, checked by tests/answerPage.test.ts) and its system font.
 */
export const answerPageStyle = `
*,::before,::after{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#0f1f2e;background:#fbf9f6;-webkit-text-size-adjust:100%}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:#0b3a5b}
header a{color:#ffffff;font-weight:700;text-decoration:none}
header a:hover{text-decoration:underline}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{margin:0 0 1rem;font-size:1.75rem;line-height:1.2;color:#0b3a5b;text-wrap:balance}
.reason{margin:0 0 1rem;padding:.75rem 1rem;border-left:4px solid #b42318;border-radius:.5rem;background:#ffffff;font-weight:600}
.reason ul{margin:.5rem 0 0;padding-left:1.25rem;font-weight:500}
form{display:flex;flex-direction:column;gap:1.25rem;padding:1.25rem;border:1px solid #dbe2ea;border-radius:1rem;background:#ffffff}
.note{margin:0;font-size:.875rem;color:#475569}
.field{display:flex;flex-direction:column;gap:.375rem}
label{font-weight:600}
.required{color:#b42318}
input,select,textarea{width:100%;min-height:3rem;padding:.625rem .875rem;border:1px solid #b8c4d1;border-radius:.5rem;background:#ffffff;color:#0f1f2e;font:inherit}
textarea{min-height:8rem;resize:vertical}
[aria-invalid="true"]{border-color:#b42318}
:focus-visible{outline:3px solid #1672b8;outline-offset:2px}
.error{margin:0;font-size:.875rem;font-weight:500;color:#b42318}
button{min-height:3.25rem;padding:.625rem 1.5rem;border:0;border-radius:.5rem;background:#f59e0b;color:#041a2b;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#fbbf24}
.call{margin:1.5rem 0 .5rem}
.call a,.back a{color:#115d97;font-weight:700}
[hidden]{display:none}
`;

/**
 * The start of one of the function's pages, through its head: language, phone-sized viewport,
 * kept out of search engines, its title (escaped) and its one inline style.
 */
export function pageHead(page: { lang: string; title: string; style: string }): string[] {
  return [
    `<!doctype html>`,
    `<html lang="${escapeUTF8(page.lang)}">`,
    `<head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex">`,
    `<title>${escapeText(page.title)}</title>`,
    `<style>${page.style}</style></head>`,
  ];
}

/** The CSP source that allows exactly this style element and no other inline style. */
export async function styleSource(css: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

export const answerPageStyleSource: Promise<string> = styleSource(answerPageStyle);
