// The layer check (scripts/check-layers.mjs), checked on a tiny tree written to a temporary
// directory: it must see every kind of import, tell allowed edges from those that run back up,
// find circles, and keep an allowed circle apart. Plain Node (`node --test`), no bindings.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { checkLayers, codeFiles, importsOf, layerOf } from "../../scripts/check-layers.mjs";

const root = mkdtempSync(path.join(tmpdir(), "check-layers-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** Writes the fixture's files (repository-relative path to text). */
function tree(files) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

tree({
  "src/domain/scope.ts": 'import { z } from "zod";\nexport const s = z.string();\n',
  // Runs back up: the vocabulary importing the database, in a type-only import.
  "src/domain/bad.ts": 'import type { Row } from "../db/rows";\nexport type X = Row;\n',
  // A package the vocabulary may not use.
  "src/domain/package.ts": 'import { Hono } from "hono";\nexport const h = Hono;\n',
  "src/db/rows.ts": 'import { s } from "../domain/scope";\nexport type Row = typeof s;\n',
  // A circle inside one folder, through a dynamic import type.
  "src/event-object/a.ts": 'export type A = import("./b").B;\n',
  "src/event-object/b.ts": 'import type { A } from "./a";\nexport type B = A | 1;\n',
  // Browser code importing Worker code, through a multi-line re-export.
  "src/sdk/api.ts": 'export {\n  type ErrorBody,\n} from "../http/errors";\n',
  "src/http/errors.ts": "export interface ErrorBody { code: string }\n",
  // An example in a doc comment is not an import.
  "src/selling/pure.ts": '/**\n * @example\n * import { x } from "../routes/r";\n */\nexport const pure = 1;\n',
  // Allowed: the event object runs the selling core.
  "src/event-object/selling.ts": 'import { pure } from "../selling/pure";\nexport const r = pure;\n',
});

test("reads static, type-only, multi-line, side-effect and dynamic imports, not comments", () => {
  assert.deepEqual(importsOf('import a from "./a";\nimport type { B } from "./b";\nexport * from "./c";\nimport "./d";\ntype E = import("./e").E;\n'), [
    "./a",
    "./b",
    "./c",
    "./d",
    "./e",
  ]);
  assert.deepEqual(importsOf('export {\n  x,\n  type Y,\n} from "./x";\n'), ["./x"]);
  assert.deepEqual(importsOf(' * import { x } from "./x";\n// import y from "./y";\nexport const z = 1;\n'), []);
});

test("maps a file to its layer by the longest path prefix", () => {
  assert.equal(layerOf("src/designer/client/main.ts").layer, "designer-client");
  assert.equal(layerOf("src/designer/actions.ts").layer, "designer");
  assert.equal(layerOf("src/index.ts").layer, "entry");
  assert.equal(layerOf("src/unknown/x.ts"), null);
});

test("reports each import that runs back up and each circle", () => {
  const result = checkLayers(root, { allowedCycles: [] });
  assert.deepEqual(
    result.violations.map((v) => `${v.from} -> ${v.to}: ${v.why}`),
    [
      "src/domain/bad.ts -> src/db/rows.ts: domain may not import db",
      "src/domain/package.ts -> hono: domain may not import the package hono",
      "src/sdk/api.ts -> src/http/errors.ts: sdk may not import http",
    ],
  );
  assert.deepEqual(result.cycles, [["src/event-object/a.ts", "src/event-object/b.ts", "src/event-object/a.ts"]]);
});

test("keeps an allowed circle apart, and says when an allowed circle is gone", () => {
  const result = checkLayers(root, {
    allowedCycles: [{ files: ["src/event-object/b.ts", "src/event-object/a.ts"] }, { files: ["src/x.ts", "src/y.ts"] }],
  });
  assert.deepEqual(result.cycles, []);
  assert.equal(result.allowed.length, 1);
  assert.deepEqual(
    result.stale.map((a) => a.files),
    [["src/x.ts", "src/y.ts"]],
  );
});

// A second tree: the generated Env's bindings, the packages, and a file the reader would skip.
const root2 = mkdtempSync(path.join(tmpdir(), "check-layers-env-"));
after(() => rmSync(root2, { recursive: true, force: true }));
for (const [file, text] of Object.entries({
  "src/worker-configuration.d.ts":
    'interface Env {\n\tSEASONS: DurableObjectNamespace<import("./index").SeasonCoordinator>;\n\tEVENTS: DurableObjectNamespace<import("./index").EventObject>;\n}\n',
  "src/index.ts": 'export { SeasonCoordinator } from "./seasons/coordinator";\nexport { EventObject } from "./event-object/object";\n',
  "src/seasons/coordinator.ts": "export class SeasonCoordinator {}\n",
  "src/event-object/object.ts": "export class EventObject {}\n",
  // Reads a binding of the generated Env whose class stands above it: an edge, though no import says so.
  "src/event-object/reaches.ts": "export function coordinator(env: Env) {\n  return env.SEASONS.get(env.SEASONS.idFromName('x'));\n}\n",
  // The same binding through bindings of its own (no Env named): no edge to the coordinator.
  "src/event-object/own.ts": "interface Own { SEASONS: { get(id: unknown): unknown } }\nexport const own = (e: Own) => e.SEASONS;\n",
  // A binding of its own layer's class, named in a Pick of Env: allowed.
  "src/event-object/stub.ts": 'export const stub = (env: Pick<Env, "EVENTS">) => env.EVENTS;\n',
  "src/sdk/api.ts": "export const sdk = 1;\n",
  "src/domain/scope.ts": "export const scope = 1;\n",
  "packages/react/src/index.tsx": 'import { sdk } from "../../../src/sdk/api";\nimport { useState } from "react";\nexport const r = [sdk, useState];\n',
  // The client stands alone: the vocabulary is not its to import.
  "packages/client/src/index.ts": 'import { scope } from "../../../src/domain/scope";\nexport const c = scope;\n',
  // Outside the packages' source: not judged, not counted.
  "packages/client/test/client.test.mjs": 'import "../../../src/routes/anything.mjs";\n',
  // Code the reader's pattern does not take: it exists, so the check must say it was not read.
  "src/domain/legacy.cts": "module.exports = 1;\n",
})) {
  mkdirSync(path.join(root2, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(root2, file), text);
}

test("sees a binding of the generated Env as an import of its class, and reads the packages", () => {
  const result = checkLayers(root2, { allowedCycles: [] });
  assert.deepEqual(
    result.violations.map((v) => `${v.from} -> ${v.to}: ${v.why}`),
    [
      "packages/client/src/index.ts -> src/domain/scope.ts: client may not import domain",
      "src/event-object/reaches.ts -> src/seasons/coordinator.ts: event-object may not import seasons (through the Env binding SEASONS)",
    ],
  );
  assert.equal(layerOf("packages/react/src/index.tsx").layer, "react");
  assert.equal(layerOf("packages/client/src/generated/sdk.gen.ts").layer, "client");
});

test("fails when it reads fewer files than exist", () => {
  const result = checkLayers(root2, { allowedCycles: [] });
  assert.deepEqual(result.unread, ["src/domain/legacy.cts"]);
  assert.equal(result.expected, result.files + 1);
  // A file that git lists but the walk misses counts as well.
  const listed = checkLayers(root2, { allowedCycles: [], expected: [...codeFiles(root2), "src/domain/gone-missing.ts"] });
  assert.deepEqual(listed.unread, ["src/domain/gone-missing.ts", "src/domain/legacy.cts"]);
});

test("the repository's own tree reads every file and passes", () => {
  const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
  const result = checkLayers(repo);
  assert.deepEqual(result.unread, []);
  assert.deepEqual(result.violations, []);
  assert.deepEqual(result.cycles, []);
  assert.ok(result.files > 250);
});
