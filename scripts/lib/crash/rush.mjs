// The rush: concurrent clients that hold seats (publishable key), book them (secret key), release
// them, hold and resize GA quantities, and later refund some bookings. Every request is recorded
// with its outcome. Every hold carries a unique operation id in extraData, which the service copies
// into every webhook of that reservation, so each acknowledged change can be matched to its
// delivery exactly.
//
// Rules that keep the log unambiguous for the checks (model.mjs):
// - each hold token belongs to one client and its requests run one after another;
// - a token never holds a label twice, and a GA resize always asks for a new quantity;
// - after any request whose outcome is unknown (connection cut, 5xx, timeout), or that never reached
//   the server, the client abandons the token: so the only uncertain step of a token is its last one.
import { GA_AREA } from "./provision.mjs";
import { exchange, newAgent } from "./http.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const randInt = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const chance = (p) => Math.random() < p;

/**
 * @typedef {"ack" | "rejected" | "unknown" | "refused"} Outcome
 * ack: 200, the change is acknowledged; rejected: a 4xx, nothing changed; unknown: the connection
 * died, timed out or the answer was a 5xx, the change may or may not have happened; refused: the
 * connection was refused, the server never saw the request.
 *
 * @typedef {object} Op
 * @property {string} id       operation id (also in the hold's extraData)
 * @property {number} client
 * @property {"hold" | "gaHold" | "book" | "release"} kind
 * @property {"public" | "secret"} key
 * @property {string} token
 * @property {string[] | undefined} labels requested labels (undefined: everything the token has)
 * @property {number | undefined} quantity GA quantity
 * @property {number | undefined} ttl
 * @property {number} sentAt
 * @property {number} respAt
 * @property {number | null} status
 * @property {any} body
 * @property {string | null} error
 * @property {Outcome} outcome
 */

/** The outcome class of an exchange. */
export function classify(x) {
  if (x.refused) return "refused";
  if (x.status === 200) return "ack";
  if (x.status !== null && x.status >= 400 && x.status < 500) return "rejected";
  return "unknown";
}

class Client {
  constructor(ctx, idx) {
    this.ctx = ctx;
    this.idx = idx;
    this.seq = 0;
    this.journeys = 0;
    this.agent = newAgent(1);
    /** Each client is one buyer with an address of its own (TEST-NET-2), as a real rush would be. */
    this.ip = `198.51.100.${idx + 1}`;
    /** Bookings this client may refund later: { token, labels } with labels = [GA_AREA] for GA. */
    this.bookings = [];
  }

  stopped() {
    return Date.now() >= this.ctx.stopAt;
  }

  /** Sends one seat action and records it. Holds get the operation id in extraData. */
  async act(kind, key, body) {
    const { ctx } = this;
    const id = `c${this.idx}.${++this.seq}`;
    if (kind === "hold" || kind === "gaHold") body.extraData = { op: id, run: ctx.runId };
    const path = { hold: "hold", gaHold: "hold", book: "book", release: "release" }[kind];
    const x = await exchange(ctx.baseUrl, "POST", `/api/v1/events/${ctx.eventKey}/seats/${path}`, {
      agent: this.agent,
      apiKey: key === "secret" ? ctx.sk : ctx.pk,
      clientIp: this.ip,
      body,
    });
    /** @type {Op} */
    const op = {
      id,
      client: this.idx,
      kind,
      key,
      token: body.holdToken,
      labels: body.objectLabels,
      quantity: body.quantity,
      ttl: body.ttlSeconds,
      sentAt: x.sentAt,
      respAt: x.respAt,
      status: x.status,
      body: x.body,
      error: x.error,
      outcome: classify(x),
    };
    ctx.ops.push(op);
    if (op.outcome === "unknown" || op.outcome === "refused") await sleep(randInt(200, 400));
    else await sleep(randInt(0, ctx.thinkMs));
    return op;
  }

  newToken() {
    return `crash-${this.ctx.runId}-c${this.idx}-j${++this.journeys}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** `k` seats not in `avoid`, mostly from the hot block (contention), some from anywhere. */
  pickSeats(k, avoid) {
    const { hot, labels } = this.ctx;
    const out = new Set();
    for (let tries = 0; out.size < k && tries < k * 20; tries++) {
      const pool = chance(0.6) ? hot : labels;
      const label = pool[Math.floor(Math.random() * pool.length)];
      if (!avoid.has(label)) out.add(label);
    }
    return [...out];
  }

  /** Holds 1-4 seats (sometimes twice), then books, releases or abandons them. */
  async seatJourney() {
    const token = this.newToken();
    const ttl = chance(0.2) ? randInt(3, 8) : randInt(20, 40);
    const touched = new Set();
    const held = [];
    for (let step = 0, steps = chance(0.3) ? 2 : 1; step < steps && !this.stopped(); step++) {
      const labels = this.pickSeats(randInt(1, 4), touched);
      labels.forEach((l) => touched.add(l));
      const op = await this.act("hold", "public", { objectLabels: labels, holdToken: token, ttlSeconds: ttl });
      if (op.outcome === "ack") held.push(...labels);
      else if (op.outcome !== "rejected") return;
    }
    if (held.length === 0 || this.stopped()) return;
    const r = Math.random();
    if (r < 0.55) {
      const toBook = chance(0.8) ? held : held.slice(0, Math.max(1, held.length - 1));
      const op = await this.act("book", "secret", { objectLabels: toBook, holdToken: token });
      if (op.outcome !== "ack") return;
      // Whatever stayed held: give it back by token (a public key frees only held rows).
      if (toBook.length < held.length && chance(0.5)) {
        const rel = await this.act("release", "public", { holdToken: token });
        if (rel.outcome !== "ack" && rel.outcome !== "rejected") return; // the token is abandoned
      }
      this.bookings.push({ token, labels: toBook });
    } else if (r < 0.75) {
      await this.act("release", "public", { objectLabels: held.slice(0, randInt(1, held.length)), holdToken: token });
    } else if (r < 0.85) {
      await this.act("release", "public", { holdToken: token });
    }
    // else: abandoned, the hold expires (seat.hold_expired).
  }

  /** A GA hold, 0-3 resizes, then book, release or abandon. */
  async gaJourney() {
    const token = this.newToken();
    const ttl = chance(0.15) ? randInt(4, 8) : randInt(20, 40);
    let current = 0;
    for (let step = 0, steps = 1 + randInt(0, 3); step < steps && !this.stopped(); step++) {
      let quantity = randInt(1, 8);
      if (quantity === current) quantity = current === 8 ? 7 : current + 1;
      const op = await this.act("gaHold", "public", { objectLabels: [GA_AREA], objectType: "generalAdmission", quantity, holdToken: token, ttlSeconds: ttl });
      if (op.outcome === "ack") current = quantity;
      else if (op.outcome !== "rejected") return;
    }
    if (current === 0 || this.stopped()) return;
    const r = Math.random();
    if (r < 0.5) {
      const op = await this.act("book", "secret", { objectLabels: [GA_AREA], holdToken: token });
      if (op.outcome === "ack") this.bookings.push({ token, labels: [GA_AREA] });
    } else if (r < 0.7) {
      await this.act("release", "public", { objectLabels: [GA_AREA], holdToken: token });
    } else if (r < 0.85) {
      await this.act("release", "public", { holdToken: token });
    }
  }

  /** Refunds an earlier booking of this client: a secret-key release under its token. */
  async refund() {
    const i = Math.floor(Math.random() * this.bookings.length);
    const [b] = this.bookings.splice(i, 1);
    await this.act("release", "secret", chance(0.7) ? { objectLabels: b.labels, holdToken: b.token } : { holdToken: b.token });
  }

  async run() {
    while (!this.stopped()) {
      if (this.bookings.length > 0 && chance(0.25)) await this.refund();
      else if (chance(0.25)) await this.gaJourney();
      else await this.seatJourney();
    }
    this.agent.destroy();
  }
}

/**
 * Runs `clients` clients until `stopAt`. Resolves once every client has finished its last request.
 * @param {{ baseUrl: string, pk: string, sk: string, eventKey: string, labels: string[], runId: string, thinkMs: number, stopAt: number, ops: Op[] }} ctx
 * @param {number} clients
 */
export async function runRush(ctx, clients) {
  // A hot block of seats that every client prefers, so holds collide and 409s happen.
  const hot = ctx.labels.slice(0, Math.min(300, Math.ceil(ctx.labels.length / 5)));
  const shared = { ...ctx, hot };
  await Promise.all(Array.from({ length: clients }, (_, i) => new Client(shared, i).run()));
}
