#!/usr/bin/env node
// `npm run admin -- <command>`: the operator API (/admin/v1) from the command line.
// Node built-ins only. Prints the service's JSON answer; exits 1 on an API error, 2 on a usage or
// connection problem.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { request } from "./lib/client.mjs";
import { readDevVars } from "./lib/dev-vars.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_URL = "http://127.0.0.1:8787";

const HELP = `Operator CLI of the seat reservation service.

Usage: npm run admin -- [options] <command> [arguments]

Commands:
  workspace:create <name>                          create a workspace (prints its publishable keys)
  workspace:get <workspaceKey>                     show a workspace and its publishable keys
  secret-key <workspaceKey> <production|sandbox>   create or rotate a secret key (shown once)
  dashboard-link <workspaceKey> [memberId|email]   a one-time sign-in link to the workspace's dashboard (15 minutes),
                                                   for that member, or the workspace's first owner
  members <workspaceKey>                           list the workspace's members and roles
  member:add <workspaceKey> <email> <role> <name>  add a member (role: viewer, box_office, designer, admin, owner)
  member:role <workspaceKey> <memberId> <role>     change a member's role (their open sessions follow at once)
  member:remove <workspaceKey> <memberId>          remove a member (their sessions end at once)
  public-key:rotate <workspaceKey> <production|sandbox> [graceSeconds]
                                                   issue a new publishable key; the old one works for
                                                   graceSeconds more (default 86400, at most 604800)
  help                                             this text

Options:
  --url <url>      server to call (env ADMIN_URL; default ${DEFAULT_URL}, the local dev server)
  --token <token>  operator token (env ADMIN_TOKEN; for a local server default: ADMIN_TOKEN in .dev.vars)
  -h, --help       this text

Examples:
  npm run admin -- workspace:create "Grand Theatre"
  npm run admin -- secret-key ws_3kTq9bX2mN8pL4vR7sW1 sandbox
  npm run admin -- public-key:rotate ws_3kTq9bX2mN8pL4vR7sW1 production 3600
  npm run admin -- dashboard-link ws_3kTq9bX2mN8pL4vR7sW1
  npm run admin -- member:add ws_3kTq9bX2mN8pL4vR7sW1 ana@venue.example box_office "Ana Lima"
  npm run admin -- dashboard-link ws_3kTq9bX2mN8pL4vR7sW1 ana@venue.example
  npm run admin -- --url https://seats.example.com --token "$ADMIN_TOKEN" workspace:get ws_3kTq9bX2mN8pL4vR7sW1
`;

/** Prints a usage problem and exits 2. */
function usage(message) {
  console.error(`error: ${message}\n\nRun \`npm run admin -- help\` for usage.`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { url: { type: "string" }, token: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
} catch (err) {
  usage(err instanceof Error ? err.message : String(err));
}
const { values, positionals } = parsed;
const [command, ...rest] = positionals;
if (values.help || !command || command === "help") {
  console.log(HELP);
  process.exit(0);
}

const baseUrl = values.url ?? process.env.ADMIN_URL ?? DEFAULT_URL;
let url;
try {
  url = new URL(baseUrl);
} catch {
  usage(`--url is not a URL: ${baseUrl}`);
}
// The local token file only speaks for a local server; a deployed one needs its own token.
const isLocal = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"].includes(url.hostname);
const token = values.token ?? process.env.ADMIN_TOKEN ?? (isLocal ? readDevVars(path.join(root, ".dev.vars")).ADMIN_TOKEN : undefined);
if (!token)
  usage(isLocal ? "no ADMIN_TOKEN: run `npm run dev` once (it writes .dev.vars) or pass --token" : "pass --token or set ADMIN_TOKEN for a deployed server");

const ENVIRONMENTS = { production: "production", live: "production", sandbox: "sandbox", test: "sandbox" };

/** The request for a command line, or a usage error. */
function plan() {
  switch (command) {
    case "workspace:create": {
      const name = rest.join(" ").trim();
      if (!name) usage("workspace:create needs a name");
      return ["POST", "/admin/v1/workspaces", { name }];
    }
    case "workspace:get":
      if (rest.length !== 1) usage("workspace:get needs exactly one workspaceKey");
      return ["GET", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}`];
    case "secret-key": {
      if (rest.length !== 2) usage("secret-key needs a workspaceKey and an environment (production or sandbox)");
      const environment = ENVIRONMENTS[rest[1]];
      if (!environment) usage(`unknown environment "${rest[1]}": use production or sandbox`);
      return ["POST", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/secret-keys/${environment}`];
    }
    case "dashboard-link": {
      if (rest.length < 1 || rest.length > 2) usage("dashboard-link needs a workspaceKey, and optionally a memberId or an e-mail address");
      const who = rest[1] === undefined ? undefined : rest[1].includes("@") ? { email: rest[1] } : { memberId: rest[1] };
      return ["POST", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/dashboard-links`, who];
    }
    case "members":
      if (rest.length !== 1) usage("members needs exactly one workspaceKey");
      return ["GET", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/members`];
    case "member:add": {
      if (rest.length < 4) usage("member:add needs a workspaceKey, an e-mail address, a role and a name");
      return ["POST", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/members`, { email: rest[1], role: rest[2], name: rest.slice(3).join(" ") }];
    }
    case "member:role":
      if (rest.length !== 3) usage("member:role needs a workspaceKey, a memberId and a role");
      return ["PATCH", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/members/${encodeURIComponent(rest[1])}`, { role: rest[2] }];
    case "member:remove":
      if (rest.length !== 2) usage("member:remove needs a workspaceKey and a memberId");
      return ["DELETE", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/members/${encodeURIComponent(rest[1])}`];
    case "public-key:rotate": {
      if (rest.length < 2 || rest.length > 3) usage("public-key:rotate needs a workspaceKey, an environment and optionally graceSeconds");
      const environment = ENVIRONMENTS[rest[1]];
      if (!environment) usage(`unknown environment "${rest[1]}": use production or sandbox`);
      const body = rest[2] === undefined ? {} : { graceSeconds: Number(rest[2]) };
      if (rest[2] !== undefined && !Number.isInteger(body.graceSeconds)) usage(`graceSeconds must be a whole number of seconds, not "${rest[2]}"`);
      return ["POST", `/admin/v1/workspaces/${encodeURIComponent(rest[0])}/public-keys/${environment}/rotate`, body];
    }
    default:
      return usage(`unknown command "${command}"`);
  }
}

const [method, apiPath, body] = plan();
let reply;
try {
  reply = await request(baseUrl, method, apiPath, { adminToken: token, body });
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
  console.error(`error: could not reach ${baseUrl} (${cause})${isLocal ? ". Is `npm run dev` running?" : ""}`);
  process.exit(2);
}
const out = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body, null, 2);
if (reply.status >= 200 && reply.status < 300) {
  console.log(out);
} else {
  console.error(out);
  if (reply.status === 404 && reply.body?.code === "not_found") console.error("(the operator API answers 404 everywhere when the server has no ADMIN_TOKEN)");
  process.exit(1);
}
