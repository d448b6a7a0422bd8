import { business } from "./business.ts";

/** The 404 page: what a visitor reads on a path the site does not have. */
export const notFoundPage = {
  title: `Page not found | ${business.name}`,
  heading: "Oops! Page not found",
  body: "The page you were looking for isn't here. Everything we offer is on our home page.",
  homeLink: "Return to Home",
  callCta: `Call ${business.phone.display}`,
  consoleMessage: "404 Error: User attempted to access non-existent route:",
} as const;
