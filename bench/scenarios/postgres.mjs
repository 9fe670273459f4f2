/**
 * The same hold semantics on PostgreSQL, as a team without Durable Objects might build it: a
 * `seats` table and one conditional UPDATE per hold, driven by pgbench (64 clients, same duration)
 * with bench/postgres/hold.sql. The bench starts its own throw-away cluster when Debian's
 * postgresql is installed (binaries under /usr/lib/postgresql/<v>/bin), as the `postgres` user
 * (PostgreSQL refuses to run as root), on a free loopback port, and removes it afterwards. Without
 * PostgreSQL the scenario is skipped with a note. Not like for like: pgbench speaks the PostgreSQL
 * protocol straight to the database, while the service figure includes HTTP, routing and key auth.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, run as runCmd } from "../lib/runtime.mjs";
import { Unavailable } from "../lib/api.mjs";
import { ms, percentile, perSecond, ratio } from "../lib/stats.mjs";

export const name = "postgres";

/** The newest PostgreSQL bin directory with initdb, pg_ctl and pgbench, or null. */
function findPostgres() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, "bin");
    if (["initdb", "pg_ctl", "postgres"].every((b) => existsSync(join(bin, b)))) {
      const pgbench = existsSync(join(bin, "pgbench")) ? join(bin, "pgbench") : existsSync("/usr/bin/pgbench") ? "/usr/bin/pgbench" : null;
      const psql = existsSync(join(bin, "psql")) ? join(bin, "psql") : existsSync("/usr/bin/psql") ? "/usr/bin/psql" : null;
      if (pgbench && psql) return { version: v, bin, pgbench, psql };
    }
  }
  return null;
}

/** Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(cmd, args, opts) {
  const root = process.getuid?.() === 0;
  return root ? runCmd("runuser", ["-u", "postgres", "--", cmd, ...args], opts) : runCmd(cmd, args, opts);
}

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const pg = findPostgres();
  if (!pg) throw new Unavailable("PostgreSQL is not installed (apt-get install -y postgresql); comparison skipped");
  const dir = mkdtempSync(join(tmpdir(), "seat-bench-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const env = { ...process.env, PGHOST: "127.0.0.1", PGPORT: String(port), PGUSER: "postgres", PGDATABASE: "postgres" };
  const duration = ctx.opts.duration;
  const seats = Math.max(200_000, duration * 40_000);
  let started = false;
  try {
    ctx.log(`  PostgreSQL ${pg.version}: initdb in ${dir}…`);
    await asPostgres(join(pg.bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], { env, cwd: dir });
    await asPostgres(
      join(pg.bin, "pg_ctl"),
      [
        "-D",
        data,
        "-l",
        join(dir, "pg.log"),
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=128MB`,
        "start",
      ],
      { env, cwd: dir },
    );
    started = true;
    ctx.log(`  creating ${seats.toLocaleString("en-US")} seats…`);
    const setup = [
      "CREATE TABLE seats (event text NOT NULL, label text NOT NULL, status text NOT NULL DEFAULT 'free', token text, expires_at timestamptz, PRIMARY KEY (event, label));",
      `INSERT INTO seats (event, label) SELECT 'bench', 'S' || g FROM generate_series(1, ${seats}) g;`,
      "CREATE SEQUENCE hold_seq;",
    ].join("\n");
    // Separate -c options: VACUUM cannot run inside the transaction block of a multi-statement -c.
    await runCmd(pg.psql, ["-v", "ON_ERROR_STOP=1", "-q", "-c", setup, "-c", "VACUUM ANALYZE seats"], { env, cwd: dir, timeoutMs: 300_000 });
    const script = join(ROOT, "bench", "postgres", "hold.sql");
    writeFileSync(join(dir, "hold.sql"), readFileSync(script));

    const holdsBefore = await heldCount(pg, env, dir);
    ctx.log(`  pgbench: 64 clients, ${duration} s…`);
    const full = await pgbench(pg, env, dir, ["-c", "64", "-j", "2", "-T", String(duration)], "full");
    const held = (await heldCount(pg, env, dir)) - holdsBefore;
    // pgbench's own measured interval (processed / tps) excludes connection set-up.
    const holdsPerSecond = held / (Number.isFinite(full.seconds) ? full.seconds : duration);
    ctx.figures.postgresHoldsPerSecond = holdsPerSecond;
    const service = ctx.figures.holdsPerSecond;
    ctx.report.add({
      scenario: name,
      figure: "PostgreSQL conditional UPDATE holds/s, pgbench 64 clients (same machine, same run)",
      target: "(comparison)",
      result: `${perSecond(holdsPerSecond)} (${held.toLocaleString("en-US")} seats held by ${full.processed} transactions; pgbench ${perSecond(full.tps, " tps")}, p50 ${ms(full.p50)}, p99 ${ms(full.p99)}); synchronous_commit=on`,
      met: null,
      baseline: service ? `service ${perSecond(service)} (holds scenario)` : "service figure not measured in this run (run with --only holds,postgres)",
      ratio: service ? `service/PostgreSQL ${ratio(service, holdsPerSecond)}` : "n/a",
    });
    ctx.log("  pgbench: 1,000 tx/s offered…");
    const paced = await pgbench(pg, env, dir, ["-c", "64", "-j", "2", "-T", String(duration), "-R", "1000"], "rate");
    ctx.report.add({
      scenario: name,
      figure: "PostgreSQL hold latency at 1,000 holds/s offered (pgbench -R 1000)",
      target: "(comparison)",
      result: `p50 ${ms(paced.p50)}, p99 ${ms(paced.p99)} (${paced.count} tx; latency includes schedule lag)`,
      met: null,
    });
  } finally {
    if (started) await asPostgres(join(pg.bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], { env, cwd: dir }).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Number of held seats. */
async function heldCount(pg, env, dir) {
  const out = await runCmd(pg.psql, ["-At", "-c", "SELECT count(*) FROM seats WHERE status = 'held'"], { env, cwd: dir });
  return Number(out.trim());
}

/** Runs pgbench with the hold script and per-transaction logging; returns tps and latency percentiles. */
async function pgbench(pg, env, dir, args, prefix) {
  const out = await runCmd(pg.pgbench, ["-n", "-M", "prepared", "-f", join(dir, "hold.sql"), "-l", "--log-prefix", join(dir, prefix), ...args], {
    env,
    cwd: dir,
    timeoutMs: 600_000,
  });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? Number.NaN);
  const latencies = [];
  for (const f of readdirSync(dir).filter((f) => f.startsWith(`${prefix}.`))) {
    for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
      // client_id transaction_no time(us) script_no time_epoch time_us [schedule_lag(us)]; with -R,
      // time is measured from the scheduled start, so it already includes the lag.
      const cols = line.split(" ");
      if (cols.length >= 6) latencies.push(Number(cols[2]) / 1000);
    }
  }
  return { tps, processed, seconds: processed / tps, count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
