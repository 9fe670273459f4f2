#!/usr/bin/env node
/**
 * Writes the service's OpenAPI document without a server: bundles the app (src/app.ts) with the
 * project's esbuild for Node, with a stand-in for the Workers runtime module, and asks the app for
 * GET /openapi.json. The document is generated from the routes' zod schemas at request time and
 * reads no binding, so this is exactly what a deployed Worker answers.
 *
 *   node scripts/openapi-document.mjs [--out file]   (stdout without --out)
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What the app needs of `cloudflare:workers` to load (the Durable Object base classes); nothing runs. */
const WORKERS_STUB = `
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export const env = {};
`;

export async function openApiDocument() {
  const result = await esbuild.build({
    entryPoints: [path.join(root, "src/app.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
    loader: { ".css": "text", ".html": "text", ".txt": "text" },
    plugins: [
      {
        name: "workers-runtime-stub",
        setup(build) {
          build.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: "workers-stub" }));
          build.onLoad({ filter: /.*/, namespace: "workers-stub" }, () => ({ contents: WORKERS_STUB, loader: "js" }));
        },
      },
    ],
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), "openapi-"));
  try {
    const file = path.join(dir, "app.mjs");
    await writeFile(file, result.outputFiles[0].contents);
    const { createApp } = await import(pathToFileURL(file).href);
    const res = await createApp().request("http://localhost/openapi.json");
    if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
    return await res.json();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const doc = await openApiDocument();
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const at = process.argv.indexOf("--out");
  if (at > 0) await writeFile(path.resolve(process.argv[at + 1]), text);
  else process.stdout.write(text);
}
