/**
 * What the layer check (scripts/check-layers.mjs) reads: the source files under the folders it
 * judges, the code files that exist there (what it must have read), how a relative specifier
 * resolves, and the Durable Object bindings of the generated Env with the files of their classes.
 * Node's standard library only (and git, when there, to list the files).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
/** What counts as code when the check counts the files it should have read (a wider net than SOURCE). */
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** The folders whose files are judged. */
export const ROOTS = ["src", "packages"];
/** Inside ROOTS, what is not the packages' source: their tests, build output and dependencies. */
const OUTSIDE = /^packages\/[^/]+\/(?!src\/)|\/node_modules\/|\/dist\//;
/** Every file under `dir` whose name `pattern` matches, as repository-relative posix paths (node_modules and dist skipped). */
function filesUnder(root, dir, pattern) {
  const out = [];
  const walk = (rel) => {
    for (const name of readdirSync(path.join(root, rel))) {
      if (name === "node_modules" || name === "dist") continue;
      const child = `${rel}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (pattern.test(name)) out.push(child);
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/** The source files the check reads: SOURCE files under ROOTS, the packages' own source only. */
export function sourceFiles(root) {
  return ROOTS.flatMap((dir) => filesUnder(root, dir, SOURCE))
    .filter((f) => !OUTSIDE.test(f))
    .sort();
}

/**
 * The code files that exist where the check reads: what git tracks there (when `root` is a
 * checkout), together with a walk of the folders with the wider CODE net. The check must have
 * read every one of them.
 */
export function codeFiles(root) {
  const found = new Set(ROOTS.flatMap((dir) => filesUnder(root, dir, CODE)));
  try {
    const listed = execFileSync("git", ["-C", root, "ls-files", "--", ...ROOTS], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    for (const f of listed.split("\n")) if (CODE.test(f) && existsSync(path.join(root, f))) found.add(f);
  } catch {
    // Not a git checkout (a test's temporary tree): the walk alone.
  }
  return [...found].filter((f) => !OUTSIDE.test(f)).sort();
}

/**
 * The Durable Object bindings of the generated Env: binding name to the file of its class, read
 * from src/worker-configuration.d.ts (`NAME: DurableObjectNamespace<import("./index").Class>`) and
 * the entry's re-exports (`export { Class } from "./path"`).
 */
export function envBindings(root) {
  const declaration = path.join(root, "src/worker-configuration.d.ts");
  const entry = path.join(root, "src/index.ts");
  if (!existsSync(declaration) || !existsSync(entry)) return new Map();
  const exported = new Map();
  for (const m of readFileSync(entry, "utf8").matchAll(/^export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm))
    for (const name of m[1].split(",").map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    ))
      exported.set(name, resolve(root, "src/index.ts", m[2]));
  const bindings = new Map();
  for (const m of readFileSync(declaration, "utf8").matchAll(/^\s*(\w+):\s*DurableObjectNamespace<import\("\.\/index"\)\.(\w+)>/gm))
    bindings.set(m[1], exported.get(m[2]) ?? "src/index.ts");
  return bindings;
}

/** The bindings a file reads off the generated Env: it names the `Env` type and reads `.NAME` or names `"NAME"`. */
export function bindingsRead(text, bindings) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  if (!/\bEnv\b/.test(code)) return [];
  return [...bindings.keys()].filter((name) => new RegExp(`(\\.${name}\\b|["']${name}["'])`).test(code));
}

/** The file a relative specifier resolves to, as the bundler resolves it (extension optional, index files). */
export function resolve(root, from, specifier) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  for (const c of candidates) if (existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile()) return c;
  return base;
}
