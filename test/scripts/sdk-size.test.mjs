// A catalog is loaded only for the language a chart speaks, and the SDK a buyer's page loads for
// one language stays within 5% of its size before languages: 99,154 bytes, 32,297 gzipped by
// zlib at level 9 (`seating.js` of the commit before languages, built the same way). The parts a
// first paint does not need (the large-map renderer, the queue screen) are files of their own.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BEFORE = { bytes: 99_154, gzip: 32_297 };
const BUDGET = 1.05;

execFileSync(process.execPath, [path.join(root, "scripts/build-sdk.mjs")], { cwd: root, stdio: "ignore" });
const file = (name) => readFileSync(path.join(root, "dist/sdk", name));

for (const bundle of ["seating.js", "seating.mjs"]) {
  test(`${bundle} for an English page stays within 5% of the SDK before languages`, () => {
    const text = file(bundle);
    const gzip = gzipSync(text, { level: 9 }).length;
    assert.ok(text.length <= BEFORE.bytes * BUDGET, `${bundle}: ${text.length} bytes, more than ${Math.floor(BEFORE.bytes * BUDGET)}`);
    assert.ok(gzip <= BEFORE.gzip * BUDGET, `${bundle}: ${gzip} bytes gzipped, more than ${Math.floor(BEFORE.gzip * BUDGET)}`);
  });
}

test("the large-map renderer and the queue screen are parts of their own, which take what they share from the bundle", () => {
  const bundle = file("seating.js").toString();
  for (const part of ["large-map.mjs", "queue-screen.mjs"]) {
    const text = file(part).toString();
    assert.match(text, /Symbol\.for\("seating-sdk \d+\.\d+\.\d+"\)/);
    // Every module a part takes from the bundle is in the bundle's kit.
    for (const [, id] of text.matchAll(/Symbol\.for\("seating-sdk [^"]+"\)\]\["([^"]+)"\]/g))
      assert.ok(bundle.includes(JSON.stringify(id)), `${part} takes ${id}, which the bundle's kit lacks`);
  }
  assert.ok(!bundle.includes("seating-queue-title"), "the queue screen is in seating.js");
});
