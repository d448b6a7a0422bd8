/**
 * The owner's page's small DOM helpers (docs/owner-tools.md), shared by the call's mark
 * (markContacted.ts) and the steps after it (leadOutcomePanel.ts). Every value goes in as text.
 */

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button that does something when tapped (never a form's submit). */
export function actionButton(className: string, text: string, act: () => void): HTMLButtonElement {
  const button = element("button", className, text);
  button.type = "button";
  button.addEventListener("click", act);
  return button;
}

export const headingClass = "text-2xl font-extrabold text-navy-900 outline-none";
export const buttonClass =
  "min-h-12 rounded-md bg-accent-500 px-6 font-semibold text-navy-950 hover:bg-accent-400 disabled:opacity-60";
