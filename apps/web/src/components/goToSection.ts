/**
 * Brings a section into view below the fixed bar and moves keyboard focus into it. Smoothness
 * comes from the stylesheet's `scroll-behavior`, which honours prefers-reduced-motion.
 */
export function goToSection(sectionId: string, focusId?: string): void {
  document.getElementById(sectionId)?.scrollIntoView({ block: "start" });
  const target = focusId ? document.getElementById(focusId) : null;
  target?.focus({ preventScroll: true });
}
