// The signals: SIGKILL (and SIGTERM) to the dev server's whole process group at spread-out moments
// of the rush, each followed by a restart on the same state directory and ports. What matters for
// the verdicts is recorded per signal: when it was sent, when the group was gone, when the restarted
// server answered the API again.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The signal order: SIGKILLs with the SIGTERMs spread among them (e.g. K K T K K for 4 + 1). */
export function signalPlan(kills, terms) {
  const plan = Array.from({ length: kills + terms }, () => "SIGKILL");
  for (let j = 0; j < terms; j++) plan[Math.floor(((j + 1) * plan.length) / (terms + 1))] = "SIGTERM";
  // Collisions of the formula for many SIGTERMs fill the remaining slots from the end.
  for (let missing = terms - plan.filter((s) => s === "SIGTERM").length, i = plan.length - 1; missing > 0; i--) {
    if (plan[i] === "SIGKILL") {
      plan[i] = "SIGTERM";
      missing--;
    }
  }
  return plan;
}

/**
 * @typedef {object} Restart
 * @property {string} signal
 * @property {number} signalAt
 * @property {number} goneAt      every process of the group had exited
 * @property {boolean} escalated  a SIGTERM was not obeyed in time and SIGKILL followed
 * @property {number} spawnAt
 * @property {number} readyAt     the API answered again
 */

/**
 * Sends the planned signals at evenly spread moments of [start, stopAt] (with some jitter, so they
 * fall at different points of the clients' cycles), restarting the server after each.
 * @param {{ server: import("./dev-server.mjs").DevServer, plan: string[], start: number, stopAt: number, probe: () => Promise<boolean>, bootTimeoutMs: number, log: (m: string) => void }} o
 * @returns {Promise<Restart[]>}
 */
export async function runChaos(o) {
  const restarts = [];
  const gap = (o.stopAt - o.start) / (o.plan.length + 1);
  let lastReady = o.start;
  for (let i = 0; i < o.plan.length; i++) {
    const due = o.start + gap * (i + 1) + (Math.random() - 0.5) * 0.4 * gap;
    // Leave the restarted server at least 3 s of traffic before the next blow.
    await sleep(Math.max(0, due - Date.now(), lastReady + 3000 - Date.now()));
    const signal = o.plan[i];
    if (Date.now() > o.stopAt) o.log(`${signal} #${i + 1} falls after the rush ended (restarts took longer than the plan allowed): use a longer --duration`);
    const { signalAt, goneAt, escalated } = await o.server.signal(signal);
    const spawnAt = o.server.start();
    const readyAt = await o.server.waitReady(o.probe, o.bootTimeoutMs);
    lastReady = readyAt;
    restarts.push({ signal, signalAt, goneAt, escalated, spawnAt, readyAt });
    o.log(
      `${signal} #${i + 1} at +${((signalAt - o.start) / 1000).toFixed(1)} s: group gone in ${goneAt - signalAt} ms, API back ${((readyAt - signalAt) / 1000).toFixed(1)} s after the signal${escalated ? " (SIGTERM ignored: SIGKILL followed)" : ""}`,
    );
  }
  return restarts;
}
