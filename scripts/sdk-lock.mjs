#!/usr/bin/env node
/**
 * The record of what the browser SDK's current version serves (scripts/sdk-lock.json): the SHA-256
 * of every file under /sdk/v<version>/ (the two bundles, the parts, the languages' messages).
 *
 * A versioned path is served as immutable for a year (docs/sdk.md#files-versions-and-caching), so
 * browsers and CDNs keep whatever they first got under it. If the files changed under the same
 * version, a page could run an old bundle with a new part. test/scripts/sdk-version.test.mjs
 * compares the build with this record: a change of the SDK's files needs a new SDK_VERSION
 * (src/sdk/version.ts), and then `npm run sdk:lock` records the new version's files.
 *
 *   node scripts/sdk-lock.mjs           writes the record from dist/sdk (run `npm run build` first)
 *   node scripts/sdk-lock.mjs --archive copies the recorded version's files, built and unchanged, to
 *                                       sdk-archive/<version>/, where the Worker keeps serving them
 *                                       (run it before giving SDK_VERSION its next value)
 *   import { builtFiles } from …         what the test compares
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LOCK = path.join(root, "scripts/sdk-lock.json");

/** The SDK version of src/sdk/version.ts. */
export function sdkVersion() {
  const version = /SDK_VERSION = "([^"]+)"/.exec(readFileSync(path.join(root, "src/sdk/version.ts"), "utf8"))?.[1];
  if (!version) throw new Error("SDK_VERSION not found in src/sdk/version.ts");
  return version;
}

/** Every file served under the version's path, by its path there, with its SHA-256. */
export function builtFiles() {
  const dir = path.join(root, "dist/sdk");
  const names = [
    ...readdirSync(dir).filter((f) => /\.(js|mjs)$/.test(f) && f !== "bundle.js"),
    ...readdirSync(path.join(dir, "i18n")).map((f) => `i18n/${f}`),
  ].sort();
  return Object.fromEntries(
    names.map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(path.join(dir, f)))
        .digest("hex"),
    ]),
  );
}

/** Copies the built files of the recorded version to sdk-archive/<version>/, refusing files that differ from the record. */
function archive() {
  const lock = JSON.parse(readFileSync(LOCK, "utf8"));
  const files = builtFiles();
  const changed = Object.keys(lock.files).filter((f) => files[f] !== lock.files[f]);
  if (lock.version !== sdkVersion() || changed.length > 0)
    throw new Error(`sdk-lock: dist/sdk is not v${lock.version} as recorded (${changed.join(", ") || "another version"}): build that version first`);
  const to = path.join(root, "sdk-archive", lock.version);
  for (const f of Object.keys(lock.files)) {
    mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    copyFileSync(path.join(root, "dist/sdk", f), path.join(to, f));
  }
  console.log(`sdk-lock: v${lock.version}'s ${Object.keys(lock.files).length} files kept in sdk-archive/${lock.version}/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes("--archive")) archive();
else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const record = { version: sdkVersion(), files: builtFiles() };
  writeFileSync(LOCK, JSON.stringify(record, null, 2) + "\n");
  console.log(`sdk-lock: v${record.version}, ${Object.keys(record.files).length} files recorded in scripts/sdk-lock.json`);
}
