// The event object is an RPC facade over its collaborators (src/README.md): every decision, read
// and timer lives in a sub-folder of src/event-object/, so the class itself stays small enough to
// read at once. A method that grows logic belongs in a collaborator, not here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("src/event-object/event-object.ts stays a facade of at most 300 lines", () => {
  const lines = readFileSync(path.join(root, "src/event-object/event-object.ts"), "utf8").trimEnd().split("\n").length;
  assert.ok(
    lines <= 300,
    `event-object.ts has ${lines} lines: move what grew into a collaborator (decisions/, reads/, live/, housekeeping/, layout/, outbox/)`,
  );
});
