// A catalog is loaded only for the language a chart speaks, and the SDK a buyer's page loads for
// one language stays within 5% of its size before languages: 99,154 bytes, 32,297 gzipped by
// zlib at level 9 (`seating.js` of the commit before languages, built the same way). The parts a
// first paint does not need (the large-map renderer, the queue screen) are files of their own, and
// so is what only a venue with tables, booths, floors or zones draws (the venue part): a map of
// rows does not pay for it.
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

test("the large-map renderer, the queue screen and the venue are parts of their own, which take what they share from the bundle", () => {
  for (const bundle of ["seating.js", "seating.mjs"]) {
    const text = file(bundle).toString();
    for (const part of ["large-map.mjs", "queue-screen.mjs", "venue.mjs"]) {
      const body = file(part).toString();
      const reads = [...body.matchAll(/var\{([^}]*)\}=globalThis\[Symbol\.for\("seating-sdk \d+\.\d+\.\d+"\)\]\["([^"]+)"\]/g)];
      assert.ok(reads.length > 0, `${part} takes nothing from the bundle`);
      // Every name a part takes from the bundle is in the bundle's kit, under its module.
      for (const [, names, id] of reads) {
        const kit = new RegExp(`${JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\{([^}]*)\\}`).exec(text);
        assert.ok(kit, `${part} takes ${id}, which the kit of ${bundle} lacks`);
        const has = new Set(kit[1].split(",").map((entry) => entry.split(":")[0]));
        for (const name of names.split(",").map((n) => n.split(":")[0]))
          assert.ok(has.has(name), `${part} takes ${name} of ${id}, which the kit of ${bundle} lacks`);
      }
    }
    assert.ok(!text.includes("seating-queue-title"), `the queue screen is in ${bundle}`);
    // The venue part's own: the tables' drawing, the floor switcher, the list's tables, their English.
    for (const venueOnly of ["seating-table-top", "seating-floors", "seating-list-venue-", "the whole venue"])
      assert.ok(!text.includes(venueOnly), `${bundle} holds "${venueOnly}", which is the venue part's`);
  }
  assert.ok(file("venue.mjs").toString().includes("seating-table-top"));
});

for (const part of ["large-map.mjs", "queue-screen.mjs", "venue.mjs"])
  test(`${part}: size (for the record)`, (t) => {
    const text = file(part);
    t.diagnostic(`${part}: ${text.length} bytes, ${gzipSync(text, { level: 9 }).length} gzipped`);
  });
