import type { Plugin } from "vite";

/**
 * The app (`src/main.tsx`, loaded by `src/boot.ts` after the first paint) is cut into these
 * chunks, listed in the order the boot script evaluates them, one per task, so that no single task
 * blocks a tap for long on a slow phone. Left to itself Rolldown would instead split modules
 * shared with the lazy chunks into half a dozen small files.
 */
const appChunkGroups = [
  // With src/app/reactDomClient.ts, whose import makes React DOM's CommonJS body run in this
  // chunk's task rather than in the entry's.
  {
    name: "react",
    pattern: /node_modules\/(react|react-dom|scheduler)\/|\/src\/app\/reactDomClient\.ts$/,
  },
  // TanStack Router and the small libraries it and the page use; never our own code, so the
  // chunks import one another in one direction only.
  { name: "libraries", pattern: /node_modules\// },
  // Everything the page says: text compiles slowly, so it gets a task of its own.
  { name: "content", pattern: /packages\/content\// },
  // The components; `src/main.tsx` (make the router, start hydrating) stays in the entry, so it
  // runs in a task of its own after them.
  { name: "page", pattern: /^(?!.*\/src\/main\.tsx$)/ },
] as const;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

/** The Vite plugin that finds the first view's modules, and the chunk groups built from them. */
export function firstViewChunks(): {
  plugin: Plugin;
  groups: Array<{ name: string; test: (id: string) => boolean; priority: number }>;
} {
  const firstView = new Set<string>();
  const plugin: Plugin = {
    name: "first-view-chunks",
    apply: "build",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => id.endsWith("/src/main.tsx"));
      while (pending.length > 0) {
        const id = pending.pop();
        if (id === undefined || firstView.has(id)) continue;
        firstView.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // A module goes to the first group in the list it matches: earlier groups weigh more.
  const groups = appChunkGroups.map(({ name, pattern }, index) => ({
    name,
    priority: appChunkGroups.length - index,
    test: (id: string) => firstView.has(id) && pattern.test(id),
  }));
  return { plugin, groups };
}

/** Every chunk a manifest entry imports, directly or through others (not its dynamic imports). */
function importedChunks(
  manifest: Record<string, ManifestChunk>,
  entryKey: string,
): Map<string, ManifestChunk> {
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`The manifest has no ${entryKey} entry.`);
  const reached = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || reached.has(key)) return;
    reached.set(key, chunk);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return reached;
}

/**
 * The app's chunk files in the order the boot script evaluates them (the groups' order, then the
 * entry), read from Vite's manifest.
 */
export function appChunkFiles(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const order: readonly string[] = appChunkGroups.map((group) => group.name);
  const rank = (chunk: ManifestChunk) => {
    const index = order.indexOf(chunk.name ?? "");
    return index === -1 ? order.length : index;
  };
  const imports = [...importedChunks(manifest, entryKey).values()].sort(
    (a, b) => rank(a) - rank(b),
  );
  const entry = manifest[entryKey] as ManifestChunk;
  return [...imports, entry].map((chunk) => `/${chunk.file}`);
}

/**
 * The files a piece of code loaded on demand needs beyond the app's own chunks: its chunk and the
 * chunks it shares with other on-demand code.
 */
export function onDemandChunkFiles(
  manifest: Record<string, ManifestChunk>,
  moduleKey: string,
  appFiles: readonly string[],
): string[] {
  const entry = manifest[moduleKey] as ManifestChunk;
  const files = [entry, ...importedChunks(manifest, moduleKey).values()].map(
    (chunk) => `/${chunk.file}`,
  );
  return files.filter((file) => !appFiles.includes(file));
}
