import { strict as assert } from "node:assert";

const pinnedNode = new URL("../../node_modules/.bin/node", import.meta.url);

Deno.test("the function's copy of @bluewater/content is the package's current build", async () => {
  let node = "node";
  try {
    Deno.statSync(pinnedNode);
    node = pinnedNode.pathname;
  } catch {
    // The system Node is used when the repository's pinned one is not installed.
  }
  const result = await new Deno.Command(node, {
    args: [new URL("../scripts/sync-content.ts", import.meta.url).pathname, "--check"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(result.code, 0, new TextDecoder().decode(result.stderr));
});
