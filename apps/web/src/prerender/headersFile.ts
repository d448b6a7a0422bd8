/**
 * The `_headers` file static hosts (Netlify, Cloudflare Pages) apply, and the local server reads:
 * one place for the security policy and the cache rules.
 */
export function headersFile({
  connectOrigins,
  formActions,
  scriptHashes,
  markContactedPage,
}: {
  connectOrigins: readonly string[];
  /** Where forms may post: the contact function (without JavaScript the browser posts there). */
  formActions: readonly string[];
  /**
   * The hashes (`sha256-…`) of the only inline scripts the pages run: the boot script, the 404
   * log, the owner page's script.
   */
  scriptHashes: readonly string[];
  /** The owner's page (`/contacted/`): the hashes of its inline script and stylesheet. */
  markContactedPage: { path: string; scriptHash: string; styleHash: string };
}): string {
  const csp = [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(" ")}`,
    // Radix's scroll lock adds a <style> element at run time; scripts stay same-origin or hashed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectOrigins].join(" ")}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // 'self' for the function's 303 back to the page, which form-action also governs.
    `form-action ${["'self'", ...formActions].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const rules: Array<[string, Array<[string, string]>]> = [
    [
      "/*",
      [
        ["Content-Security-Policy", csp],
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
        ["X-Frame-Options", "DENY"],
        ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
      ],
    ],
    // Each path gets exactly one Cache-Control: hosts join repeated values into one header.
    ["/assets/*", [["Cache-Control", "public, max-age=31536000, immutable"]]],
    ["/images/*", [["Cache-Control", "public, max-age=86400"]]],
    ["/icons/*", [["Cache-Control", "public, max-age=86400"]]],
    ["/", [["Cache-Control", "no-cache"]]],
    ["/404.html", [["Cache-Control", "no-cache"]]],
    // The owner's page holds a lead's token in its address: a policy of its own, which hosts
    // that join repeated headers (Cloudflare Pages, our server) enforce together with the one
    // above and hosts that keep the most specific (Netlify) alone; it is strict either way.
    [
      `${markContactedPage.path}*`,
      [
        [
          "Content-Security-Policy",
          [
            "default-src 'none'",
            `script-src '${markContactedPage.scriptHash}'`,
            `style-src '${markContactedPage.styleHash}'`,
            `connect-src ${connectOrigins.join(" ")}`,
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
          ].join("; "),
        ],
        ["Referrer-Policy", "no-referrer"],
        // Only here: the owner's page holds a lead's token, and no other window may keep a
        // handle on it. On the visitor's page the same header made Chrome start the page in a
        // new renderer process, cold, when opened in a tab (docs/page.md, "Security headers").
        ["Cross-Origin-Opener-Policy", "same-origin"],
        ["X-Robots-Tag", "noindex, nofollow"],
        ["Cache-Control", "no-cache"],
      ],
    ],
  ];
  return `${rules
    .map(([pattern, headers]) =>
      [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
    )
    .join("\n")}\n`;
}
