/**
 * The package as a user installs it: `npm pack`, then the tarball installed from the local file
 * (no network) into small projects of their own, one per `moduleResolution` a TypeScript project
 * uses today (nodenext, node16, bundler). Each must type-check code that calls the client, reads a
 * generated type and narrows an error to SeatsApiError; the nodenext one also runs.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSC = path.resolve(PACKAGE, "../../node_modules/typescript/bin/tsc");

/** What a user writes: a call, a generated body type, a typed error, pagination. */
const USER_CODE = `
import { createSeatsClient, paginate, SeatsApiError, DEFAULT_RETRY, type HoldRequest, type Event } from "@seat-reservation/client";

const seats = createSeatsClient({ baseUrl: "http://127.0.0.1:9", apiKey: "sk_test_x", retry: { retries: 0 } });
const body: HoldRequest = { objectLabels: ["A-1-1"], holdToken: "token-1234" };
export async function hold(): Promise<string> {
  try {
    const held = await seats.holdSeats({ path: { eventKey: "gala" }, body });
    return held.holdExpiresAt;
  } catch (err) {
    if (err instanceof SeatsApiError) return err.code + (err.failed ?? []).map((f) => f.objectLabel).join(",");
    throw err;
  }
}
export async function keys(): Promise<string[]> {
  const out: string[] = [];
  for await (const event of paginate(seats.listEvents, { query: { limit: 10 } })) out.push((event satisfies Event).eventKey);
  return out;
}
console.log(JSON.stringify({ client: typeof seats.holdSeats, error: new SeatsApiError(409, { statusCode: 409, error: "Conflict", message: "m", code: "seat_unavailable" }) instanceof Error, retries: DEFAULT_RETRY.retries }));
`;

const PROJECTS = {
  nodenext: { module: "NodeNext", moduleResolution: "NodeNext" },
  node16: { module: "Node16", moduleResolution: "Node16" },
  bundler: { module: "ESNext", moduleResolution: "Bundler" },
};

let work;
let tarball;

before(() => {
  work = mkdtempSync(path.join(tmpdir(), "client-packed-"));
  execFileSync("npm", ["pack", "--pack-destination", work, "--silent"], { cwd: PACKAGE, encoding: "utf8" });
  tarball = path.join(
    work,
    readdirSync(work).find((f) => f.endsWith(".tgz")),
  );
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A project with the tarball installed from its file and `compilerOptions` of its kind. */
function project(name, compilerOptions) {
  const dir = path.join(work, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: `user-${name}`, private: true, type: "module" }));
  const options = { target: "ES2022", lib: ["ES2022", "DOM"], strict: true, skipLibCheck: false, types: [], outDir: "out", ...compilerOptions };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: ["index.ts"] }));
  writeFileSync(path.join(dir, "index.ts"), USER_CODE);
  const install = spawnSync("npm", ["install", tarball, "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], {
    cwd: dir,
    encoding: "utf8",
  });
  assert.equal(install.status, 0, install.stderr);
  return dir;
}

function tsc(dir) {
  return spawnSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8" });
}

describe("the packed client in a project of its own", () => {
  for (const [name, options] of Object.entries(PROJECTS)) {
    it(`type-checks under moduleResolution ${options.moduleResolution}`, () => {
      const dir = project(name, options);
      const run = tsc(dir);
      assert.equal(run.status, 0, `tsc (${name}):\n${run.stdout}${run.stderr}`);
      if (name !== "nodenext") return;
      const out = spawnSync(process.execPath, [path.join(dir, "out", "index.js")], { cwd: dir, encoding: "utf8" });
      assert.equal(out.status, 0, out.stderr);
      assert.deepEqual(JSON.parse(out.stdout), { client: "function", error: true, retries: 2 });
    });
  }
});
