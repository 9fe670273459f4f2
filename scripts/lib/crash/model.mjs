// What the request log proves about the event, derived from the log alone (no service internals):
// which webhook deliveries must exist, when each seat was certainly occupied, how much of the GA
// area was certainly taken, and what the final status must show.
//
// Acknowledged (200) requests are facts. A request with an unknown outcome may or may not have
// happened: it never creates an expectation, but it explains what it could have caused. rush.mjs
// abandons a token after its first unknown outcome, so replaying a token's requests in order is
// exact up to that last step.
import { GA_AREA } from "./provision.mjs";

/**
 * Slack around a hold's expiry: the service's clock (workerd's, which only advances with I/O) and
 * ours differ a little; anything this close to an expiry is treated as undecidable.
 */
export const EXPIRY_MARGIN_MS = 1500;

/** The key matching an expected change to a delivery: type, label and the hold's operation id. */
export const changeKey = (type, label, op) => `${type}|${label}|${op}`;

/**
 * @typedef {object} Expected
 * @property {string} type
 * @property {string} label
 * @property {string} op      operation id carried in extraData (the hold's)
 * @property {string} byOp    the acknowledged request that made the change (for hold_expired: the hold)
 * @property {number} at      ms epoch by which the change had certainly committed
 */

/** Per-token state while replaying its requests. */
function newToken() {
  return { seats: new Map(), ga: null, gaBooked: null, firstUnknown: null, ops: [] };
}

/** Whether a release request may touch `label` (it names it, or it releases all the token has). */
const mayTouch = (op, label) => op.labels === undefined || op.labels.includes(label);

/** Whether a release request may free a booking: only a secret key frees booked rows. */
const mayUnbook = (op, label) => op.kind === "release" && op.key === "secret" && mayTouch(op, label) && (op.outcome === "ack" || op.outcome === "unknown");

/**
 * @param {import("./rush.mjs").Op[]} ops every request, in the order they were answered
 * @param {{ expiryCutoff: number }} opts holds that expired before `expiryCutoff` must have sent seat.hold_expired
 */
export function buildModel(ops, { expiryCutoff }) {
  /** @type {Map<string, Expected>} */
  const expected = new Map();
  const anomalies = [];
  const tokens = new Map();
  const opsById = new Map(ops.map((op) => [op.id, op]));
  const expect = (type, label, op, byOp, at) => expected.set(changeKey(type, label, op), { type, label, op, byOp, at });

  // Requests that never reached a server changed nothing.
  for (const op of ops) {
    if (op.outcome === "refused") continue;
    let t = tokens.get(op.token);
    if (!t) tokens.set(op.token, (t = newToken()));
    t.ops.push(op);
  }
  for (const t of tokens.values()) t.ops.sort((a, b) => a.sentAt - b.sentAt);

  for (const [token, t] of tokens) {
    for (const op of t.ops) {
      if (op.outcome === "unknown") {
        t.firstUnknown ??= op;
        continue;
      }
      if (op.outcome !== "ack") continue;
      if (t.firstUnknown) anomalies.push(`token ${token}: request ${op.id} follows an unknown outcome (the rush should have abandoned the token)`);
      const objects = Array.isArray(op.body?.objects) ? op.body.objects : [];
      if (op.kind === "hold") {
        const expiresAt = Date.parse(op.body.holdExpiresAt);
        for (const o of objects) {
          // A seat this token already held comes back with its old extraData and sends no event.
          if (o.extraData?.op !== op.id) continue;
          t.seats.set(o.objectLabel, { holdOp: op.id, hold: op, expiresAt, book: null, release: null });
          expect("seat.held", o.objectLabel, op.id, op.id, op.respAt);
        }
      } else if (op.kind === "gaHold") {
        const o = objects[0];
        if (!o || o.extraData?.op !== op.id) continue; // the same quantity again: a no-op without an event
        const prev = t.ga;
        // A resize after the previous hold expired first reports that expiry (event-object/ga.ts).
        if (prev && !prev.book && !prev.release && prev.expiresAt < op.sentAt - EXPIRY_MARGIN_MS)
          expect("seat.hold_expired", GA_AREA, prev.holdOp, prev.holdOp, op.respAt);
        if (prev) prev.supersededAt = op.sentAt;
        t.ga = { holdOp: op.id, hold: op, quantity: o.quantity, expiresAt: Date.parse(op.body.holdExpiresAt), book: null, release: null, supersededAt: null };
        expect("seat.held", GA_AREA, op.id, op.id, op.respAt);
      } else if (op.kind === "book") {
        for (const o of objects) {
          if (o.objectLabel === GA_AREA) {
            if (!t.ga || t.ga.book) continue;
            t.ga.book = op;
            t.ga.bookedQuantity = o.quantity;
            expect("seat.booked", GA_AREA, t.ga.holdOp, op.id, op.respAt);
            continue;
          }
          const s = t.seats.get(o.objectLabel);
          if (!s) {
            anomalies.push(`book ${op.id}: ${o.objectLabel} was not held by an acknowledged hold of its token`);
            continue;
          }
          if (s.book) continue; // a retried booking sends no event
          if (o.extraData?.op !== s.holdOp)
            anomalies.push(`book ${op.id}: ${o.objectLabel} came back with extraData ${JSON.stringify(o.extraData)}, held by ${s.holdOp}`);
          s.book = op;
          expect("seat.booked", o.objectLabel, s.holdOp, op.id, op.respAt);
        }
      } else if (op.kind === "release") {
        for (const o of objects) {
          if (o.objectLabel === GA_AREA) {
            if (!t.ga) {
              anomalies.push(`release ${op.id}: freed ${GA_AREA}, which its token never held`);
              continue;
            }
            t.ga.release = op;
            expect("seat.released", GA_AREA, t.ga.holdOp, op.id, op.respAt);
            continue;
          }
          const s = t.seats.get(o.objectLabel);
          if (!s) {
            anomalies.push(`release ${op.id}: freed ${o.objectLabel}, which its token never held`);
            continue;
          }
          s.release = op;
          expect("seat.released", o.objectLabel, s.holdOp, op.id, op.respAt);
        }
      }
    }

    // Holds nothing freed or booked expire: each must report seat.hold_expired (sweep or takeover),
    // unless an unknown request of the token may have freed or booked it.
    const unknownAfter = (at) => t.firstUnknown !== null && t.firstUnknown.sentAt >= at;
    for (const [label, s] of t.seats) {
      if (s.book || s.release || unknownAfter(s.hold.sentAt)) continue;
      if (s.expiresAt <= expiryCutoff) expect("seat.hold_expired", label, s.holdOp, s.holdOp, s.expiresAt);
    }
    const g = t.ga;
    if (g && !g.book && !g.release && !unknownAfter(g.hold.sentAt) && g.expiresAt <= expiryCutoff) {
      expect("seat.hold_expired", GA_AREA, g.holdOp, g.holdOp, g.expiresAt);
    }
  }

  return { expected, anomalies, tokens, opsById };
}

/**
 * Whether a delivered change can be explained by some request (acknowledged or of unknown
 * outcome): its operation id names a hold of this run on that label, and for a booking or a
 * release the same token sent such a request for that label.
 */
export function explains(model, type, label, opId) {
  const hold = model.opsById.get(opId);
  if (!hold || (hold.kind !== "hold" && hold.kind !== "gaHold") || hold.outcome === "refused" || hold.outcome === "rejected") return false;
  if (!hold.labels.includes(label)) return false;
  if (type === "seat.held" || type === "seat.hold_expired") return true;
  const want = type === "seat.booked" ? "book" : type === "seat.released" ? "release" : null;
  if (!want) return false;
  const t = model.tokens.get(hold.token);
  return t.ops.some((op) => op.kind === want && (op.outcome === "ack" || op.outcome === "unknown") && op.sentAt > hold.sentAt && mayTouch(op, label));
}

/**
 * Intervals in which a token certainly occupied a seat: from the hold's answer until its expiry
 * (minus the margin) or, once booked, for good; either way until the first release request that
 * may have freed it was sent.
 * @returns {Map<string, { token: string, holdOp: string, start: number, end: number }[]>}
 */
export function seatOccupancy(model) {
  const byLabel = new Map();
  for (const [token, t] of model.tokens) {
    for (const [label, s] of t.seats) {
      let end = s.book ? Number.POSITIVE_INFINITY : s.expiresAt - EXPIRY_MARGIN_MS;
      for (const op of t.ops) {
        if (op.kind !== "release" || op.sentAt < s.hold.respAt || !mayTouch(op, label)) continue;
        // Once booked, only a secret key can free it.
        if (s.book && op.sentAt > s.book.respAt && op.key !== "secret") continue;
        if (op.outcome === "unknown" || (op.outcome === "ack" && op.body.objects.some((o) => o.objectLabel === label))) {
          end = Math.min(end, op.sentAt);
          break;
        }
      }
      if (end <= s.hold.respAt) continue;
      if (!byLabel.has(label)) byLabel.set(label, []);
      byLabel.get(label).push({ token, holdOp: s.holdOp, start: s.hold.respAt, end });
    }
  }
  return byLabel;
}

/**
 * Intervals in which a quantity of the GA area was certainly taken by a token: each acknowledged
 * hold from its answer until it expired or the token's next request was sent; a booking from its
 * answer until a release was sent.
 * @returns {{ token: string, start: number, end: number, quantity: number, what: string }[]}
 */
export function gaOccupancy(model) {
  const out = [];
  for (const [token, t] of model.tokens) {
    const acked = t.ops.filter((op) => op.kind !== "hold");
    for (let i = 0; i < acked.length; i++) {
      const op = acked[i];
      if (op.outcome !== "ack") continue;
      const next = acked.slice(i + 1).find((n) => n.outcome === "ack" || n.outcome === "unknown");
      if (op.kind === "gaHold" && op.body.objects?.[0]?.extraData?.op === op.id) {
        const end = Math.min(Date.parse(op.body.holdExpiresAt) - EXPIRY_MARGIN_MS, next ? next.sentAt : Number.POSITIVE_INFINITY);
        if (end > op.respAt) out.push({ token, start: op.respAt, end, quantity: op.body.objects[0].quantity, what: `hold ${op.id}` });
      } else if (op.kind === "book") {
        const ga = op.body.objects.find((o) => o.objectLabel === GA_AREA);
        if (!ga) continue;
        const release = acked.slice(i + 1).find((n) => mayUnbook(n, GA_AREA));
        out.push({ token, start: op.respAt, end: release ? release.sentAt : Number.POSITIVE_INFINITY, quantity: ga.quantity, what: `booking ${op.id}` });
      }
    }
  }
  return out;
}

/**
 * Seats whose acknowledged booking nothing may have undone, and GA bookings likewise: the final
 * status must show them booked, with the extraData of the hold that was booked.
 */
export function durableBookings(model) {
  const seats = new Map();
  let gaMin = 0;
  let gaMax = 0;
  for (const t of model.tokens.values()) {
    for (const [label, s] of t.seats) {
      if (!s.book) continue;
      if (t.ops.some((r) => r.sentAt > s.book.sentAt && mayUnbook(r, label))) continue;
      seats.set(label, { holdOp: s.holdOp, book: s.book.id });
    }
    // GA: an acknowledged booking counts at least, an unknown booking request may count too.
    const gaBook = t.ops.find((op) => op.kind === "book" && op.labels.includes(GA_AREA) && (op.outcome === "ack" || op.outcome === "unknown"));
    if (!gaBook) continue;
    const released = t.ops.some((r) => r.sentAt > gaBook.sentAt && mayUnbook(r, GA_AREA));
    const ackedQuantity = gaBook.outcome === "ack" ? (gaBook.body.objects.find((o) => o.objectLabel === GA_AREA)?.quantity ?? 0) : 0;
    const possibleQuantity =
      gaBook.outcome === "ack" ? ackedQuantity : Math.max(0, ...t.ops.filter((op) => op.kind === "gaHold").map((op) => op.quantity ?? 0));
    if (!released) gaMin += ackedQuantity;
    const releasedForSure = t.ops.some(
      (r) => mayUnbook(r, GA_AREA) && r.outcome === "ack" && r.sentAt > gaBook.sentAt && r.body.objects.some((o) => o.objectLabel === GA_AREA),
    );
    if (!releasedForSure) gaMax += possibleQuantity;
  }
  return { seats, gaMin, gaMax };
}
