// What the browser builds (scripts/build-sdk.mjs, scripts/build-dashboard.mjs) share: how they
// write their output and how they rebuild while `npm run dev` runs.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes `text` to `dir/name`. An unchanged file stays untouched so `wrangler dev` does not reload
 * for nothing; a changed one is written beside it and renamed, so a reader never sees half a file.
 */
export async function writeIfChanged(dir, name, text) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const old = await readFile(file, "utf8").catch(() => null);
  if (old === text) return;
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

/** Runs `build` again 100 ms after the last change under any of `dirs` (`--watch`). */
export async function rebuildOnChange(tool, root, dirs, build) {
  const { watch } = await import("node:fs");
  let timer = null;
  for (const dir of dirs)
    watch(path.join(root, dir), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => build().catch((err) => console.error(`${tool}:`, err.message)), 100);
    });
  console.log(`${tool}: watching ${dirs.join(", ")}`);
}
