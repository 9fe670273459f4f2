// A newcomer's first screens: `npm install` on the machine's own Node (20 is enough, README) prints
// no warning, and the workerd tests' wrangler config has no .dev.vars beside it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { wranglerConfigForTests } from "../../scripts/lib/test-wrangler-config.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** PATH without node_modules/.bin, where npm scripts put Node 22: npm then runs on the machine's own Node. */
function machinePath() {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`) && !dir.includes(`node_modules${path.sep}node${path.sep}bin`))
    .join(path.delimiter);
}

test("npm install prints no warning on the machine's own Node", () => {
  const env = { ...process.env, PATH: machinePath() };
  // npm scripts export npm_config_* of the running npm; the install must read the project's .npmrc as a newcomer's would.
  for (const key of Object.keys(env)) if (key.startsWith("npm_config_")) delete env[key];
  const node = spawnSync("node", ["-v"], { env, encoding: "utf8" });
  const run = spawnSync("npm", ["install", "--dry-run", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: ROOT, env, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const warnings = `${run.stdout}\n${run.stderr}`.split("\n").filter((line) => /\bwarn\b/i.test(line));
  assert.deepEqual(warnings, [], `npm install on Node ${node.stdout.trim()} printed warnings`);
});

test("the workerd tests read wrangler.toml from a folder without .dev.vars, with its paths pointing back", () => {
  const root = mkdtempSync(path.join(tmpdir(), "wrangler-config-"));
  writeFileSync(path.join(root, "wrangler.toml"), 'name = "x"\nmain = "src/index.ts"\n[[d1_databases]]\nmigrations_dir = "migrations"\n');
  writeFileSync(path.join(root, ".dev.vars"), "SECRET=developer-only\n");
  const file = wranglerConfigForTests(root);
  assert.notEqual(path.dirname(file), root);
  assert.equal(existsSync(path.join(path.dirname(file), ".dev.vars")), false);
  const text = readFileSync(file, "utf8");
  assert.match(text, new RegExp(`^main = ${JSON.stringify(path.join(root, "src/index.ts")).replace(/[\\/.]/g, "\\$&")}$`, "m"));
  assert.match(text, new RegExp(`^migrations_dir = ${JSON.stringify(path.join(root, "migrations")).replace(/[\\/.]/g, "\\$&")}$`, "m"));
  assert.match(text, /^name = "x"$/m);
});
