// Command-line flags of `npm run test:crash`, each with an environment variable of the same meaning
// (CI can tune the run without editing .ci/run), validated into one plain object.
import { parseArgs } from "node:util";

/** Flag name → [environment variable, default, description]. Numbers unless noted. */
const SPEC = {
  duration: ["CRASH_DURATION", 60, "seconds of rush (the signals fall inside it)"],
  kills: ["CRASH_KILLS", 4, "SIGKILLs of the whole dev-server process group"],
  terms: ["CRASH_TERMS", 1, "SIGTERMs of the whole process group"],
  clients: ["CRASH_CLIENTS", 12, "concurrent clients"],
  seats: ["CRASH_SEATS", 2000, "seats in the chart"],
  "ga-capacity": ["CRASH_GA_CAPACITY", 300, "capacity of the general-admission area"],
  think: ["CRASH_THINK_MS", 200, "longest pause of a client between two requests (ms)"],
  settle: ["CRASH_SETTLE", 120, "longest wait for deliveries after the rush (s); ends early once all arrived"],
  "boot-timeout": ["CRASH_BOOT_TIMEOUT", 120, "longest wait for the dev server to answer after a (re)start (s)"],
};

export const HELP = `Crash test of the local sandbox: a mixed rush against \`wrangler dev\`, killed and
restarted on the same state, then checks that nothing acknowledged was lost.

Usage: npm run test:crash [-- options]

Options (each also as an environment variable):
${Object.entries(SPEC)
  .map(([flag, [env, def, text]]) => `  --${flag.padEnd(13)} ${text} (${env}, default ${def})`)
  .join("\n")}
  --keep          keep the state directory and the wrangler log afterwards (CRASH_KEEP=1)
  --report <file> also write the full result as JSON (CRASH_REPORT)
  -h, --help      this text

Exit status: 0 when every check passes, 1 when any fails, 2 on a usage or start-up problem.`;

/**
 * Parses argv and the environment.
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} env
 */
export function parseOptions(argv, env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(Object.keys(SPEC).map((flag) => [flag, { type: "string" }])),
      keep: { type: "boolean" },
      report: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) return { help: true };
  const out = { help: false };
  for (const [flag, [envName, def]] of Object.entries(SPEC)) {
    const raw = values[flag] ?? env[envName];
    const n = raw === undefined || raw === "" ? def : Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${flag} must be a non-negative number, not ${JSON.stringify(raw)}`);
    out[flag.replace(/-(.)/g, (_, c) => c.toUpperCase())] = n;
  }
  for (const flag of ["kills", "terms", "clients", "seats", "gaCapacity"]) {
    if (!Number.isInteger(out[flag])) throw new Error(`--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a whole number`);
  }
  if (out.clients < 1) throw new Error("--clients must be at least 1");
  if (out.seats < 50) throw new Error("--seats must be at least 50");
  if (out.gaCapacity < 10) throw new Error("--ga-capacity must be at least 10");
  out.keep = values.keep ?? ["1", "true"].includes(env.CRASH_KEEP ?? "");
  out.report = values.report ?? env.CRASH_REPORT ?? null;
  return out;
}
