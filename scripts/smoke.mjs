#!/usr/bin/env node
/**
 * `npm run smoke -- --url https://seats.example.workers.dev [--key sk_test_…]`: the check to run
 * right after a deploy. It reads only, changes nothing, and exits 1 on the first thing that is not
 * as this checkout would serve it:
 *
 * - `/openapi.json` answers and its `info.version` is this checkout's package.json version (the
 *   deploy shipped what you built, not an older Worker);
 * - the SDK bundle is served and carries the version the build compiled in (not a stale bundle);
 * - `/api/v1/events` without a key is the contract's 401 envelope (the router and auth are up);
 * - the dashboard's signed-out page renders (the pages and their assets are in the bundle);
 * - with `--key`, the key lists its environment's events (D1 is bound and migrated).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { url: { type: "string" }, key: { type: "string" }, help: { type: "boolean", default: false } },
});
if (args.help || !args.url) {
  console.log("usage: npm run smoke -- --url https://<your worker> [--key <a secret or publishable key>]");
  process.exit(args.help ? 0 : 2);
}
const base = args.url.replace(/\/+$/, "");
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

let failures = 0;
/** Runs one named check and prints its verdict; a thrown error is a failed check, not a crash. */
async function check(name, run) {
  try {
    const detail = await run();
    console.log(`ok    ${name}${detail ? ` (${detail})` : ""}`);
  } catch (error) {
    failures++;
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function get(path, headers = {}) {
  const res = await fetch(base + path, { headers, signal: AbortSignal.timeout(15_000) });
  return { res, text: await res.text() };
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

await check("OpenAPI document names this version", async () => {
  const { res, text } = await get("/openapi.json");
  expect(res.status === 200, `status ${res.status}`);
  const version = JSON.parse(text).info?.version;
  expect(version === pkg.version, `server says ${version}, this checkout is ${pkg.version}`);
  return `v${version}`;
});

await check("browser SDK bundle is served", async () => {
  const { res, text } = await get("/sdk/latest/seating.js");
  expect(res.status === 200, `status ${res.status}`);
  expect(text.length > 1000, "the bundle is empty");
  return `${Math.round(text.length / 1024)} KiB`;
});

await check("API answers an unauthenticated request with the 401 envelope", async () => {
  const { res, text } = await get("/api/v1/events");
  expect(res.status === 401, `status ${res.status}`);
  const body = JSON.parse(text);
  expect(body.statusCode === 401 && typeof body.code === "string", `body ${text.slice(0, 200)}`);
  return body.code;
});

await check("dashboard pages render", async () => {
  const { res, text } = await get("/dashboard/signed-out");
  expect(res.status === 200, `status ${res.status}`);
  expect(/<html/i.test(text), "not an HTML page");
});

if (args.key) {
  await check("the key lists its environment's events (D1 bound and migrated)", async () => {
    const { res, text } = await get("/api/v1/events", { "X-Api-Key": args.key });
    expect(res.status === 200, `status ${res.status}: ${text.slice(0, 200)}`);
    return `${JSON.parse(text).items?.length ?? 0} events on the first page`;
  });
}

console.log(failures === 0 ? "smoke check passed" : `smoke check failed: ${failures} check(s)`);
process.exit(failures === 0 ? 0 : 1);
