import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * SHA-256 over the files under `paths` (relative to `root`, each a file or a folder), by path
 * and content, in a fixed order: the same files always give the same digest, and any change in
 * any of them another.
 */
export async function sourceDigest(root: string, paths: readonly string[]): Promise<string> {
  const files: string[] = [];
  for (const path of paths) {
    const absolute = join(root, path);
    const entries = await readdir(absolute, { recursive: true, withFileTypes: true }).catch(
      () => undefined,
    );
    if (!entries) files.push(absolute);
    else
      for (const entry of entries) {
        if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
      }
  }
  const hash = createHash("sha256");
  for (const file of files.map((file) => relative(root, file)).sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}
