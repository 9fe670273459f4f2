// docs/sdk.md lists every message of the SDK, as the English catalog has them: the table under
// "Every message" is the one scripts/messages-table.mjs generates (run it with --write after
// changing src/sdk/catalogs/en.ts).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { GUIDE, messagesTable, withTable } from "../../scripts/messages-table.mjs";

test("docs/sdk.md lists every message id of the English catalog, current", async () => {
  const guide = readFileSync(GUIDE, "utf8");
  assert.equal(guide, withTable(guide, await messagesTable()), "run: node scripts/messages-table.mjs --write");
});

test("the table has one row per id and escapes what Markdown would read", async () => {
  const table = await messagesTable();
  assert.match(table, /^\| `map\.name` \| Seat map of \{event\} \| `event` \|$/m);
  assert.match(table, /^\| `list\.section` \| \{section\}, \{count, plural, one \{# seat\} other \{# seats\}\} \| `section`, `count` \|$/m);
  assert.equal(withTable("x\n#### Every message\n\n| old |\n| row |\n\nafter", "| new |"), "x\n#### Every message\n\n| new |\n\nafter");
});
