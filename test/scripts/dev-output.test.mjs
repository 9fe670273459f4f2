// npm run dev's filter of wrangler's output: a list of bindings that repeats the one before is
// left out; everything else, a changed list included, passes through.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { dropRepeatedBindings } from "../../scripts/lib/dev-output.mjs";

const BLOCK = ["Your Worker has access to the following bindings:", "Binding    Resource", "env.DB     D1 Database", ""];

async function filtered(lines) {
  const input = new PassThrough();
  let out = "";
  const output = { write: (text) => (out += text) };
  dropRepeatedBindings(input, output);
  input.end(lines.join("\n") + "\n");
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 20));
  return out;
}

test("a repeated list of bindings is printed once", async () => {
  const out = await filtered(["Using secrets", ...BLOCK, "⎔ Starting local server...", ...BLOCK, "Ready on http://127.0.0.1:8787"]);
  assert.equal(out.split("following bindings").length - 1, 1);
  assert.match(out, /Starting local server/);
  assert.match(out, /Ready on/);
});

test("a changed list is printed again", async () => {
  const changed = [...BLOCK.slice(0, 3), "env.EXTRA  Variable", ""];
  const out = await filtered([...BLOCK, ...changed]);
  assert.equal(out.split("following bindings").length - 1, 2);
});
