#!/usr/bin/env node
/**
 * Builds the browser SDK (src/sdk) with esbuild — offline, in well under a second — into:
 *   dist/sdk/seating.js   classic script (IIFE) defining the global `Seating`
 *   dist/sdk/seating.mjs  ES module exporting `SeatingChart`
 *   dist/sdk/<part>.mjs   each part of the SDK a chart loads only when it needs it (src/sdk/parts.ts),
 *                         an ES module that both bundles import() at their own version
 *   dist/sdk/i18n/<language>.json  each language's messages but English (src/sdk/catalogs), which
 *                         the SDK fetches when a chart speaks it (English is built into both bundles)
 *   dist/sdk/bundle.js    the texts as string exports, which the Worker imports and serves, with
 *                         the earlier versions kept in sdk-archive/ as they were published
 *                         (src/routes/sdk.ts), plus bundle.d.ts for the type checker
 * Runs on postinstall, before `npm test`/`npm run test:e2e`, and first thing in `npm run dev`.
 * `--watch` rebuilds on change (for SDK work next to `wrangler dev`).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rebuildOnChange, writeIfChanged } from "./lib/build-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const srcDir = path.join(root, "src/sdk");
const outDir = path.join(root, "dist/sdk");

let esbuild;
try {
  esbuild = await import("esbuild");
} catch {
  // `npm install --omit=dev` has no esbuild: do not fail the install, but say why /sdk will be missing.
  console.warn("build-sdk: esbuild is not installed (dev dependency); SDK bundle not built");
  process.exit(0);
}

const versionSource = await readFile(path.join(srcDir, "version.ts"), "utf8");
const version = /SDK_VERSION = "([^"]+)"/.exec(versionSource)?.[1];
if (!version) throw new Error("build-sdk: SDK_VERSION not found in src/sdk/version.ts");

const common = {
  bundle: true,
  // SEATING_SDK_MINIFY=0 keeps names readable (CPU profiles of the bench's sdk scenario).
  minify: process.env.SEATING_SDK_MINIFY !== "0",
  write: false,
  target: "es2020",
  legalComments: "none",
  logLevel: "warning",
  banner: { js: `/*! Seating SDK v${version} */` },
};

/**
 * Each catalog but English as JSON text: the TypeScript module (whose type checks every id) is
 * bundled and evaluated, and its default export written out.
 */
async function buildCatalogs() {
  const dir = path.join(srcDir, "catalogs");
  const languages = (await readdir(dir))
    // Each language's own file ("de.ts"); English (en.ts, en-venue.ts) is in the bundle and the venue part.
    .filter((f) => /^[a-z]{2}\.ts$/.test(f) && f !== "en.ts")
    .map((f) => f.slice(0, -3))
    .sort();
  const out = {};
  const { importTs } = await import("./lib/ts-module.mjs");
  for (const language of languages) out[language] = JSON.stringify((await importTs(path.join(dir, `${language}.ts`))).default);
  return out;
}

/** The SDK's parts loaded on demand (src/sdk/parts.ts): each one's module, by the name it is served under (`<name>.mjs`). */
const PARTS = { "large-map": "large-map.ts", "queue-screen": "queue-screen.ts", venue: "venue.ts" };

/**
 * The parts, each an ES module that takes the modules the bundle also holds from the bundle that
 * loads it (src/sdk/part-kit.ts, on `globalThis` under a key naming the version) instead of a
 * copy: the bundle's part kit is generated here from what the parts import.
 */
async function buildParts() {
  const key = `seating-sdk ${version}`;
  // What the bundle holds without its parts: the classic build's inputs with an empty kit.
  const kitFile = /[\\/]src[\\/]sdk[\\/]part-kit\.ts$/;
  const emptyKit = {
    name: "empty-kit",
    setup(b) {
      b.onLoad({ filter: kitFile }, () => ({ loader: "js", contents: "export const LOCAL_PARTS = null;\nexport const PART_KIT = {};\n" }));
    },
  };
  const probe = await esbuild.build({
    ...common,
    minify: false,
    entryPoints: [path.join(srcDir, "index.ts")],
    format: "iife",
    metafile: true,
    plugins: [emptyKit],
  });
  const inBundle = new Set(Object.keys(probe.metafile.inputs).map((p) => path.resolve(process.cwd(), p)));
  // A module the bundle holds is left out of the part as an import of "seating-kit:<path>"; the
  // part's build keeps only the names it uses, and the import becomes a read of those names from
  // the kit. A module only the part uses is bundled into the part as usual.
  const fromBundle = {
    name: "from-bundle",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "from-bundle") return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "from-bundle" });
        if (found.errors.length > 0 || !inBundle.has(found.path)) return undefined;
        // Named by its path under src/, without the extension ("sdk/svg"): the kit's key.
        const id = path
          .relative(path.join(root, "src"), found.path)
          .split(path.sep)
          .join("/")
          .replace(/\.tsx?$/, "");
        return { path: `seating-kit:${id}`, external: true };
      });
    },
  };
  const built = await Promise.all(
    Object.values(PARTS).map((entry) => esbuild.build({ ...common, entryPoints: [path.join(srcDir, entry)], format: "esm", plugins: [fromBundle] })),
  );
  /** The names the parts take from each module of the bundle, by its path under the repository. */
  const shared = new Map();
  const importOf = /import\s*(\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)\s*from\s*"seating-kit:([^"]+)";?/g;
  const parts = {};
  Object.keys(PARTS).forEach((name, i) => {
    const reads = [];
    const text = built[i].outputFiles[0].text.replace(importOf, (_, what, id) => {
      if (!what.startsWith("{")) throw new Error(`build-sdk: the ${name} part imports ${id} whole; name what it takes`);
      const names = what
        .slice(1, -1)
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      const set = shared.get(id) ?? new Set();
      shared.set(id, set);
      for (const n of names) set.add(n.split(/\s+as\s+/)[0]);
      const pattern = names.map((n) => n.replace(/\s+as\s+/, ":")).join(",");
      reads.push(`var{${pattern}}=globalThis[Symbol.for(${JSON.stringify(key)})][${JSON.stringify(id)}];`);
      return "";
    });
    // The reads go first, as the imports they replace were hoisted.
    const banner = common.banner.js;
    parts[`${name}.mjs`] = text.startsWith(banner) ? `${banner}\n${reads.join("")}${text.slice(banner.length).replace(/^\n/, "")}` : reads.join("") + text;
  });
  const ids = [...shared.keys()].sort();
  const kit = [
    ...ids.map(
      (id, i) =>
        `import { ${[...shared.get(id)]
          .sort()
          .map((n) => `${n} as m${i}_${n}`)
          .join(", ")} } from ${JSON.stringify(path.join(root, "src", id))};`,
    ),
    "export const LOCAL_PARTS = null;",
    `export const PART_KIT = { ${ids
      .map(
        (id, i) =>
          `${JSON.stringify(id)}: { ${[...shared.get(id)]
            .sort()
            .map((n) => `${n}: m${i}_${n}`)
            .join(", ")} }`,
      )
      .join(", ")} };`,
  ].join("\n");
  const withKit = {
    name: "part-kit",
    setup(b) {
      b.onLoad({ filter: kitFile }, () => ({ loader: "ts", contents: kit, resolveDir: srcDir }));
    },
  };
  return { parts, withKit };
}

/**
 * Earlier versions as they were published (sdk-archive/<version>/: the two bundles, the parts and
 * i18n/<language>.json), served unchanged at their own path: a page that pinned one keeps working
 * after a release, as the versioned path promises (docs/sdk.md#files-versions-and-caching).
 */
async function archivedVersions() {
  const dir = path.join(root, "sdk-archive");
  const versions = (await readdir(dir).catch(() => [])).filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v !== version).sort();
  const out = {};
  for (const v of versions) {
    const read = async (sub, test) => {
      const names = (await readdir(path.join(dir, v, sub)).catch(() => [])).filter(test).sort();
      return Object.fromEntries(await Promise.all(names.map(async (f) => [f, await readFile(path.join(dir, v, sub, f), "utf8")])));
    };
    out[v] = { files: await read("", (f) => /\.m?js$/.test(f)), catalogs: await read("i18n", (f) => f.endsWith(".json")) };
  }
  return out;
}

async function build() {
  const started = performance.now();
  const { parts, withKit } = await buildParts();
  const [iife, esm] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(srcDir, "index.ts")],
      format: "iife",
      globalName: "Seating",
      // A classic script's top-level var is already global; this also covers <script type="module">.
      footer: { js: 'typeof globalThis!=="undefined"&&(globalThis.Seating=Seating);' },
      plugins: [withKit],
    }),
    esbuild.build({ ...common, entryPoints: [path.join(srcDir, "esm.ts")], format: "esm", plugins: [withKit] }),
  ]);
  const iifeText = iife.outputFiles[0].text;
  const esmText = esm.outputFiles[0].text;
  const catalogs = await buildCatalogs();
  const etag = (text) => `"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"`;
  const partFiles = Object.fromEntries(Object.entries(parts).map(([name, body]) => [name, { body, etag: etag(body) }]));
  const catalogFiles = Object.fromEntries(Object.entries(catalogs).map(([language, body]) => [language, { body, etag: etag(body) }]));
  const withEtags = (files) => Object.fromEntries(Object.entries(files).map(([name, body]) => [name, { body, etag: etag(body) }]));
  const archive = Object.fromEntries(
    Object.entries(await archivedVersions()).map(([v, { files, catalogs }]) => [v, { files: withEtags(files), catalogs: withEtags(catalogs) }]),
  );
  const bundle = [
    "// Generated by scripts/build-sdk.mjs from src/sdk. Do not edit.",
    `export const SDK_VERSION = ${JSON.stringify(version)};`,
    `export const SEATING_JS = ${JSON.stringify(iifeText)};`,
    `export const SEATING_JS_ETAG = ${JSON.stringify(etag(iifeText))};`,
    `export const SEATING_MJS = ${JSON.stringify(esmText)};`,
    `export const SEATING_MJS_ETAG = ${JSON.stringify(etag(esmText))};`,
    `export const SDK_PARTS = ${JSON.stringify(partFiles)};`,
    `export const SDK_CATALOGS = ${JSON.stringify(catalogFiles)};`,
    `export const SDK_ARCHIVE = ${JSON.stringify(archive)};`,
    "",
  ].join("\n");
  const types = [
    "// Generated by scripts/build-sdk.mjs. Do not edit.",
    "/** SDK semver. */ export declare const SDK_VERSION: string;",
    "/** Classic-script (IIFE) bundle text. */ export declare const SEATING_JS: string;",
    "export declare const SEATING_JS_ETAG: string;",
    "/** ES module bundle text. */ export declare const SEATING_MJS: string;",
    "export declare const SEATING_MJS_ETAG: string;",
    '/** The parts loaded on demand, as ES module text, by file name ("large-map.mjs"). */ export declare const SDK_PARTS: Record<string, { body: string; etag: string }>;',
    "/** Each language's messages but English, as JSON text, by language. */ export declare const SDK_CATALOGS: Record<string, { body: string; etag: string }>;",
    '/** Earlier versions as published, by version ("5.10.0"): their files ("seating.js") and catalogs ("de.json"). */ export declare const SDK_ARCHIVE: Record<string, { files: Record<string, { body: string; etag: string }>; catalogs: Record<string, { body: string; etag: string }> }>;',
    "",
  ].join("\n");
  await writeIfChanged(outDir, "seating.js", iifeText);
  await writeIfChanged(outDir, "seating.mjs", esmText);
  await writeIfChanged(outDir, "bundle.d.ts", types);
  for (const [name, body] of Object.entries(parts)) await writeIfChanged(outDir, name, body);
  for (const [language, body] of Object.entries(catalogs)) await writeIfChanged(path.join(outDir, "i18n"), `${language}.json`, body);
  await writeIfChanged(outDir, "bundle.js", bundle);
  const ms = Math.round(performance.now() - started);
  const kib = (text) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB`;
  console.log(
    `build-sdk: v${version} seating.js ${kib(iifeText)}, seating.mjs ${kib(esmText)}, ${Object.entries(parts)
      .map(([name, body]) => `${name} ${kib(body)}`)
      .join(", ")}, ${Object.keys(catalogs).length} catalogs of ${Object.values(catalogs)
      .map(kib)
      .join(" to ")
      .replace(/ to .* to /, " to ")} in ${ms} ms`,
  );
}

await build();

if (process.argv.includes("--watch")) await rebuildOnChange("build-sdk", root, ["src/sdk", "src/geometry"], build);
