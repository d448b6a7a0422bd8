/**
 * The code the first view does not need, each loaded by the app when the visitor reaches for it
 * (by `import()` where it is used), by name. An element that leads to one carries its name in
 * `data-prefetch` (`prefetchOnReach`): when the visitor touches or focuses it before the app has
 * started, the boot script (src/boot.ts) fetches that code right after the app's own chunks, so
 * it is in the cache when the app asks for it. The build lists each name's chunk files on the boot
 * script's tag, from these modules (scripts/build.ts).
 */
export const onDemandModules = {
  "chat-panel": "src/chat/ChatPanel.tsx",
  "sending-code": "src/contact/submission/sendingCode.ts",
} as const;

export type OnDemandCode = keyof typeof onDemandModules;

/**
 * What a visitor who has only read so far gets with the app: what they are likeliest to reach
 * for, small enough to cost little (the form's sending code, larger, waits for the form).
 */
export const codeForReaders: readonly OnDemandCode[] = ["chat-panel"];

/** The attribute that tells the boot script which code an element leads to. */
export function prefetchOnReach(code: OnDemandCode): { "data-prefetch": OnDemandCode } {
  return { "data-prefetch": code };
}
