/**
 * What the app imports from the start-up (README.md beside this file: the contract between the
 * HTML, the boot script and the app): idle work and what holds it, code loaded on demand and how
 * an element names it for the boot script.
 */
export { holdIdleWork, whenIdle } from "./idleWork.ts";
export { type OnDemandCode, prefetchOnReach } from "./onDemandCode.ts";
export { useHoldWhileFilling } from "./useHoldWhileFilling.ts";
export { useIdlePreload } from "./useIdlePreload.ts";
