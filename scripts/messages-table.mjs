#!/usr/bin/env node
/**
 * The table of every SDK message in docs/sdk.md ("Every message"), generated from the English
 * catalog (src/sdk/catalogs/en.ts, with the venue part's words in en-venue.ts): id, English text, the values it is given. The catalog is the
 * one source; test/scripts/messages-table.test.mjs fails when the guide's table is not this one.
 *
 * Usage: node scripts/messages-table.mjs --write   (rewrites the table in docs/sdk.md)
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importTs } from "./lib/ts-module.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const GUIDE = path.join(root, "docs/sdk.md");
/** The heading the table follows in the guide. */
export const HEADING = "#### Every message";

/** The Markdown table of the English catalog's messages, in the catalog's order. */
export async function messagesTable() {
  const { EN } = await importTs(path.join(root, "src/sdk/catalogs/en.ts"));
  const { EN_VENUE } = await importTs(path.join(root, "src/sdk/catalogs/en-venue.ts"));
  const { messageArguments } = await importTs(path.join(root, "src/domain/message-format.ts"));
  const cell = (text) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/</g, "&lt;");
  const rows = Object.entries({ ...EN, ...EN_VENUE }).map(([id, text]) => {
    const { values, selectors } = messageArguments(text);
    const given = [...values, ...selectors.filter((s) => !values.includes(s))].map((v) => `\`${v}\``).join(", ");
    return `| \`${id}\` | ${cell(JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"'))} | ${given} |`;
  });
  return ["| Id | English | Values |", "|---|---|---|", ...rows].join("\n");
}

/** The guide with its table replaced by `table` (the lines of the table that follows the heading). */
export function withTable(guide, table) {
  const lines = guide.split("\n");
  const at = lines.indexOf(HEADING);
  if (at === -1) throw new Error(`${path.relative(root, GUIDE)} has no "${HEADING}" heading`);
  let start = at + 1;
  while (start < lines.length && !lines[start].startsWith("|")) start++;
  let end = start;
  while (end < lines.length && lines[end].startsWith("|")) end++;
  return [...lines.slice(0, start), ...table.split("\n"), ...lines.slice(end)].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const guide = await readFile(GUIDE, "utf8");
  const next = withTable(guide, await messagesTable());
  if (process.argv.includes("--write")) {
    if (next !== guide) await writeFile(GUIDE, next);
    console.log(`messages-table: ${path.relative(root, GUIDE)} ${next === guide ? "is current" : "updated"}`);
  } else process.stdout.write(`${await messagesTable()}\n`);
}
