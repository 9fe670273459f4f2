/**
 * wrangler.toml as the workerd tests read it: the same file, copied where no `.dev.vars` lies beside
 * it. Wrangler loads the `.dev.vars` next to its config, which `npm run dev` writes with a
 * developer's own secrets, and prints "Using secrets defined in .dev.vars" once per test file; the
 * tests take their bindings from wrangler.toml and vitest.config.ts only, so they run the same on
 * every machine and print nothing of the kind.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes the copy under `node_modules/.cache/` of `root` and answers its path. The paths the file
 * names (`main`, `migrations_dir`) are relative to the file, so the copy names them absolutely.
 */
export function wranglerConfigForTests(root) {
  const dir = path.join(root, "node_modules", ".cache", "seat-reservation-tests");
  mkdirSync(dir, { recursive: true });
  const absolute = (_line, key, value) => `${key} = ${JSON.stringify(path.resolve(root, value))}`;
  const text = readFileSync(path.join(root, "wrangler.toml"), "utf8").replace(/^(main|migrations_dir) = "([^"]*)"$/gm, absolute);
  const file = path.join(dir, "wrangler.toml");
  writeFileSync(file, text);
  return file;
}
