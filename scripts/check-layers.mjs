#!/usr/bin/env node
/**
 * The layer check (`npm run lint:layers`, the first step of `npm test`): every import of a file
 * under src/ and packages/<name>/src/ must go to its own folder, to a folder its layer may import
 * (LAYERS below, the one definition of the table that src/README.md draws), or to a package its
 * layer may use; and no chain of imports between files may come back to where it started. It
 * prints each offending edge and each circle, and exits with 1 when there is any, or when it read
 * fewer source files than the repository holds there (a file it skipped is a file it never judged).
 *
 * What counts as an import: `import … from "x"`, `export … from "x"`, `import "x"` (type-only
 * forms included: a type is a dependency of meaning even when it leaves no code behind) and
 * `import("x")` in types and code. Static statements are matched at the start of a line, which is
 * where Prettier puts them, so an example in a doc comment (a line starting with ` * `) is not taken
 * for an import. A binding of the generated Env (src/worker-configuration.d.ts) is an import too:
 * a file that names the `Env` type and reads one of its Durable Object bindings depends on that
 * binding's class, as surely as if it imported it, though the import hides in the generated type.
 * No dependencies: Node's standard library only (and git, when there, to list the files).
 *
 * Usage: node scripts/check-layers.mjs
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cycleWithin, stronglyConnected } from "./lib/graph-circles.mjs";
import { bindingsRead, codeFiles, envBindings, resolve, ROOTS, sourceFiles } from "./lib/layer-sources.mjs";

export { codeFiles, envBindings };

/**
 * The layers, from the ground up. `paths` are prefixes of paths relative to the repository (the
 * longest match decides a file's layer); `may` lists the other layers its files may import;
 * `packages`, when given, lists the only packages they may import (null: any package).
 */
export const LAYERS = [
  // The ground floor: the service's vocabulary (types, zod schemas, error codes, pure rules over
  // them), shared by the Worker, the event object and the browser code.
  { layer: "domain", paths: ["src/domain/"], may: [], packages: ["zod", "@hono/zod-openapi"] },
  // Pure code above the vocabulary: drawing geometry (Worker pages and browser code) and the
  // selling core (run by the event object inside its transaction).
  { layer: "geometry", paths: ["src/geometry/"], may: ["domain"], packages: [] },
  { layer: "selling", paths: ["src/selling/"], may: ["domain"], packages: [] },
  { layer: "keys", paths: ["src/keys/"], may: ["domain"], packages: [] },
  // D1: the drizzle schema and its query functions.
  { layer: "db", paths: ["src/db/"], may: ["domain", "keys"], packages: null },
  // The event's Durable Object, from the ground up: what it keeps (tables, the decision's
  // transaction and policy, the stored layout, the kept configuration), its outbox, its reads, its
  // decisions, its layout's lifecycle (it reads D1 to converge on the published layout), the live
  // feed, the alarm's housekeeping, and on top the RPC facade the Worker calls (event-object.ts).
  { layer: "event-state", paths: ["src/event-object/state/"], may: ["domain", "selling"], packages: [] },
  { layer: "event-outbox", paths: ["src/event-object/outbox/"], may: ["domain", "event-state"], packages: [] },
  { layer: "event-reads", paths: ["src/event-object/reads/"], may: ["domain", "selling", "event-state"], packages: [] },
  { layer: "event-decisions", paths: ["src/event-object/decisions/"], may: ["domain", "selling", "event-state", "event-reads"], packages: [] },
  { layer: "event-layout", paths: ["src/event-object/layout/"], may: ["domain", "db", "event-state", "event-outbox", "event-reads"], packages: null },
  { layer: "event-live", paths: ["src/event-object/live/"], may: ["domain", "event-state", "event-reads"], packages: [] },
  {
    layer: "event-housekeeping",
    paths: ["src/event-object/housekeeping/"],
    may: ["domain", "event-state", "event-outbox", "event-reads", "event-decisions", "event-layout", "event-live"],
    packages: [],
  },
  {
    layer: "event-object",
    paths: ["src/event-object/"],
    may: ["domain", "selling", "db", "event-state", "event-outbox", "event-reads", "event-decisions", "event-layout", "event-live", "event-housekeeping"],
    packages: null,
  },
  // Worker-side operations and pipelines: what the routes and the dashboard call.
  { layer: "charts", paths: ["src/charts/"], may: ["domain", "db", "keys", "event-object"], packages: null },
  // An event is made on a chart: its operations look the chart up through the charts' own access
  // rule (another workspace's chart is 403), so charts never import events.
  { layer: "events", paths: ["src/events/"], may: ["domain", "db", "keys", "event-object", "charts"], packages: null },
  // Seasons (docs/seasons.md): the coordinator object and the operations over several events' objects.
  { layer: "seasons", paths: ["src/seasons/"], may: ["domain", "db", "keys", "event-object", "charts", "events"], packages: null },
  { layer: "webhooks", paths: ["src/webhooks/"], may: ["domain", "db", "keys", "event-object"], packages: null },
  { layer: "workspaces", paths: ["src/workspaces/"], may: ["domain", "db", "keys"], packages: null },
  // The waiting room (docs/waiting-room.md): its queue shards, pacer and signed admissions; configuring it
  // tells the event's object its switch (through events/' one door).
  { layer: "waiting-room", paths: ["src/waiting-room/"], may: ["domain", "db", "events", "event-object"], packages: null },
  // Set-up that spans an event's parts and environments: one event's settings copied to others
  // (rules, channels, accessible hold-back, waiting room), and sandbox events and seasons copied to
  // production; it reaches each part through that part's own operations.
  {
    layer: "event-settings",
    paths: ["src/event-settings/"],
    may: ["domain", "db", "keys", "event-object", "charts", "events", "seasons", "waiting-room"],
    packages: null,
  },
  // The crowd watching an event (docs/live-crowd.md): the relays that hold live viewers' sockets (fed by the
  // event object's live feed), the event's hub (viewer placement, the copy of publishable reads, the
  // live figures), and the Worker's operations over them.
  { layer: "live-relays", paths: ["src/live-relays/"], may: ["domain", "event-object", "event-live", "events"], packages: null },
  // The HTTP layer: the error envelope, validation, authentication (which reads keys from D1).
  // package.json's version field, read at build time by http/version.ts (the server's version).
  { layer: "manifest", paths: ["package.json"], may: [], packages: [] },
  { layer: "http", paths: ["src/http/"], may: ["domain", "db", "keys", "manifest"], packages: null },
  // The two doors onto the operations: the public API's routes and the dashboard. The operator
  // API (routes/admin.ts) issues dashboard sign-in links; the dashboard's server-rendered pages
  // draw with the designer's scene and the shared geometry.
  {
    layer: "dashboard",
    paths: ["src/dashboard/"],
    may: [
      "domain",
      "db",
      "keys",
      "http",
      "charts",
      "events",
      "seasons",
      "webhooks",
      "workspaces",
      "waiting-room",
      "event-settings",
      "live-relays",
      "designer",
      "geometry",
      "dist",
    ],
    packages: null,
  },
  {
    layer: "routes",
    paths: ["src/routes/"],
    may: [
      "domain",
      "keys",
      "http",
      "charts",
      "events",
      "seasons",
      "webhooks",
      "workspaces",
      "waiting-room",
      "event-settings",
      "live-relays",
      "dashboard",
      "dist",
    ],
    packages: null,
  },
  // The Worker's entry and the app that mounts every router.
  {
    layer: "entry",
    paths: ["src/index.ts", "src/app.ts"],
    may: ["http", "routes", "dashboard", "event-object", "webhooks", "seasons", "waiting-room", "live-relays"],
    packages: null,
  },
  // Browser code: it never imports Worker code. The SDK reads the vocabulary and draws with the
  // shared geometry; the designer is an editor over the layout; the dashboard's module uses the SDK.
  { layer: "sdk", paths: ["src/sdk/"], may: ["domain", "geometry"], packages: ["@hono/zod-openapi"] },
  // zod-browser.ts stands in for @hono/zod-openapi in the designer's bundle (scripts/build-dashboard.mjs).
  { layer: "designer", paths: ["src/designer/"], may: ["domain", "geometry"], packages: ["zod"] },
  { layer: "designer-client", paths: ["src/designer/client/"], may: ["designer", "domain", "geometry"], packages: [] },
  { layer: "dashboard-client", paths: ["src/dashboard/client/"], may: ["sdk", "domain", "geometry"], packages: [] },
  // The packages published from this repository: the server client (its generated part and the
  // hand-written layer over it, which need nothing but fetch) and the React component over the SDK.
  { layer: "client", paths: ["packages/client/src/"], may: [], packages: [] },
  { layer: "react", paths: ["packages/react/src/"], may: ["sdk"], packages: ["react"] },
  // Generated: the Env declaration (npm run types), which names the Durable Object classes the
  // entry exports, and the secrets' declaration; the browser bundles the Worker serves as text
  // (dist/, written by scripts/build-*.mjs).
  { layer: "ambient", paths: ["src/worker-configuration.d.ts", "src/secrets.d.ts"], may: ["entry"], packages: [] },
  { layer: "dist", paths: ["dist/"], may: [], packages: [] },
];

/**
 * Circles between files that are known and allowed for now. Each entry is the exact set of files
 * of one circle, with who removes it and why it is still here.
 */
export const ALLOWED_CYCLES = [
  {
    // Written by @hey-api/openapi-ts (npm run client:generate) and compared in CI: not edited by hand.
    files: ["packages/client/src/generated/client/types.gen.ts", "packages/client/src/generated/client/utils.gen.ts"],
    removedBy: "the generator; nothing here to change",
  },
];

/** Static import and re-export statements, at the start of a line; group 1 is the specifier. */
const STATIC = /^(?:import|export)(?:\s+type)?\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/gm;
/** `import("x")`, in a type or an expression; only relative specifiers are read from these. */
const DYNAMIC = /\bimport\(\s*["'](\.{1,2}\/[^"'\n]+)["']\s*\)/g;

/** The specifiers a source text imports, in order of appearance, each once. */
export function importsOf(text) {
  const found = new Set();
  for (const m of text.matchAll(STATIC)) found.add(m[1]);
  for (const m of text.matchAll(DYNAMIC)) found.add(m[1]);
  return [...found];
}

/** The layer of a repository-relative path (posix separators), or null when no row covers it. */
export function layerOf(file, layers = LAYERS) {
  let best = null;
  for (const row of layers) {
    for (const p of row.paths) {
      const match = p.endsWith("/") ? file.startsWith(p) : file === p;
      if (match && (!best || p.length > best.length)) best = { row, length: p.length };
    }
  }
  return best?.row ?? null;
}

/** The package a bare specifier names: `@scope/name` or `name` (`zod/v4/core` is `zod`). */
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Reads the import graph of src/ under `root` and judges it against `layers`. Returns the edges
 * that break the table (`from`, `to`, `why`) and the circles between files (each an array of files
 * in import order, starting again at its first file), the allowed ones apart.
 */
export function checkLayers(root, { layers = LAYERS, allowedCycles = ALLOWED_CYCLES, expected = codeFiles(root) } = {}) {
  const files = sourceFiles(root);
  const graph = new Map(files.map((f) => [f, []]));
  const violations = [];
  const read = new Set(files);
  const unread = expected.filter((f) => !read.has(f)).sort();
  const bindings = envBindings(root);
  const judge = (file, own, target, why = "") => {
    if (graph.has(target) && target !== file) graph.get(file).push(target);
    const theirs = layerOf(target, layers);
    if (!own) return;
    if (!theirs) violations.push({ from: file, to: target, why: `the imported file is in no layer of the table${why}` });
    else if (theirs !== own && !own.may.includes(theirs.layer))
      violations.push({ from: file, to: target, why: `${own.layer} may not import ${theirs.layer}${why}` });
  };
  for (const file of files) {
    const own = layerOf(file, layers);
    if (!own) violations.push({ from: file, to: "", why: "the file is in no layer of the table" });
    const text = readFileSync(path.join(root, file), "utf8");
    for (const specifier of importsOf(text)) {
      if (!specifier.startsWith(".")) {
        const pkg = packageOf(specifier);
        if (own?.packages && !own.packages.includes(pkg)) violations.push({ from: file, to: specifier, why: `${own.layer} may not import the package ${pkg}` });
        continue;
      }
      const target = resolve(root, file, specifier);
      const nodeModules = target.indexOf("node_modules/");
      if (nodeModules >= 0) {
        const pkg = packageOf(target.slice(nodeModules + "node_modules/".length));
        if (own?.packages && !own.packages.includes(pkg)) violations.push({ from: file, to: specifier, why: `${own.layer} may not import the package ${pkg}` });
        continue;
      }
      judge(file, own, target);
    }
    if (file === "src/worker-configuration.d.ts") continue;
    for (const name of bindingsRead(text, bindings)) judge(file, own, bindings.get(name), ` (through the Env binding ${name})`);
  }
  const cycles = [];
  const allowed = [];
  const keyOf = (list) => [...list].sort().join("\n");
  const seen = new Set();
  for (const component of stronglyConnected(graph)) {
    const cycle = cycleWithin(graph, component);
    const key = keyOf(component);
    if (allowedCycles.some((a) => keyOf(a.files) === key)) {
      allowed.push(cycle);
      seen.add(key);
    } else cycles.push(cycle);
  }
  const stale = allowedCycles.filter((a) => !seen.has(keyOf(a.files)));
  return {
    files: files.length,
    expected: expected.length,
    unread,
    edges: [...graph.values()].reduce((n, e) => n + e.length, 0),
    violations,
    cycles,
    allowed,
    stale,
  };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const result = checkLayers(root);
  for (const v of result.violations) console.error(`layers: ${v.from} -> ${v.to || "?"}: ${v.why}`);
  for (const c of result.cycles) console.error(`layers: import circle: ${c.join(" -> ")}`);
  for (const c of result.allowed) console.log(`layers: allowed for now (ALLOWED_CYCLES): ${c.join(" -> ")}`);
  for (const a of result.stale) console.log(`layers: ALLOWED_CYCLES lists a circle that is gone; remove its entry: ${a.files.join(", ")}`);
  for (const f of result.unread) console.error(`layers: ${f} exists and was not read`);
  const problems = result.violations.length + result.cycles.length + result.unread.length;
  console.log(
    `layers: ${result.files} files read of ${result.expected} in ${ROOTS.join(", ")}, ${result.edges} imports between them, ${LAYERS.length} layers: ` +
      (problems === 0
        ? "no import runs back up, no circle"
        : `${result.violations.length} disallowed imports, ${result.cycles.length} circles, ${result.unread.length} files not read`) +
      (result.allowed.length > 0 ? ` (${result.allowed.length} known circle allowed for now)` : ""),
  );
  if (problems > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
