// A published SDK version never changes (docs/sdk.md#files-versions-and-caching): its path is cached
// as immutable for a year, so a page must never get a new part beside an old bundle of the same
// version. The files built now must be the ones recorded for the current SDK_VERSION.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { builtFiles, LOCK, sdkVersion } from "../../scripts/sdk-lock.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
execFileSync(process.execPath, [path.join(root, "scripts/build-sdk.mjs")], { cwd: root, stdio: "ignore" });

test("the SDK files served under the current version are the ones recorded for it", () => {
  const lock = JSON.parse(readFileSync(LOCK, "utf8"));
  const version = sdkVersion();
  const files = builtFiles();
  const changed = Object.keys({ ...files, ...lock.files }).filter((f) => files[f] !== lock.files[f]);
  if (lock.version === version)
    assert.deepEqual(
      changed,
      [],
      `the SDK's files changed under v${version} (${changed.join(", ")}), a path browsers cache as immutable: ` +
        "give src/sdk/version.ts a new SDK_VERSION, then run `npm run sdk:lock`",
    );
  else assert.fail(`SDK_VERSION is ${version} but scripts/sdk-lock.json records v${lock.version}: run \`npm run sdk:lock\``);
});
