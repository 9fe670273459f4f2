// The retry module's functions, bundled from source for the unit test (the package exports only the policy).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = await esbuild.build({ entryPoints: [path.join(here, "../src/retry.ts")], bundle: true, format: "esm", write: false });
const dir = await mkdtemp(path.join(os.tmpdir(), "retry-"));
const file = path.join(dir, "retry.mjs");
await writeFile(file, out.outputFiles[0].text);
export const { backoffMs, retryAfterMs, retryingFetch, retryable } = await import(pathToFileURL(file).href);
