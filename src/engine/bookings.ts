import { fail, ok, type FailedEntry, type Outcome } from "../domain/outcome";
import type { BookedObject, BookRequest, BookResult, ExtendRequest, FreedObject, FreedResult, HeldObject, HoldResult, ReleaseRequest } from "../domain/seats";
import { gaRow, gaRows, statusAfter } from "./ga";
import { isLiveHold, parseExtra, rows, seatRow, type GaRow, type SeatRow } from "./store";
import { iso, type Tx } from "./tx";

/** Whether a label names a GA area (in the layout, or by rows kept after a forced publish removed it). */
function isGa(tx: Tx, label: string): boolean {
  const obj = tx.object(label);
  if (obj) return obj.objectType === "generalAdmission";
  return gaRows(tx.sql, label).length > 0;
}

type BookPlan = { kind: "seat"; row: SeatRow } | { kind: "ga"; row: GaRow } | { kind: "done"; entry: BookedObject };

/**
 * Books what the token holds (contract §4): atomic over the batch; seats already booked under the
 * token come back unchanged with their bookedAt and no new event; a GA area books the token's
 * whole held quantity.
 */
export function book(tx: Tx, req: BookRequest): Outcome<BookResult> {
  const failed: FailedEntry[] = [];
  const plans: BookPlan[] = [];
  for (const label of new Set(req.objectLabels)) {
    if (isGa(tx, label)) {
      const row = gaRow(tx.sql, label, req.holdToken);
      if (row && row.held > 0 && isLiveHold(row, tx.now)) plans.push({ kind: "ga", row });
      else if (row && row.booked > 0)
        plans.push({
          kind: "done",
          entry: { objectLabel: label, status: "booked", bookedAt: row.booked_at!, extraData: parseExtra(row.extra), quantity: row.booked },
        });
      else failed.push({ objectLabel: label, reason: "not_held_by_token" });
      continue;
    }
    const row = seatRow(tx.sql, label);
    if (!row) failed.push({ objectLabel: label, reason: tx.object(label) ? "not_held_by_token" : "unknown_label" });
    else if (row.status === "not_for_sale") failed.push({ objectLabel: label, reason: "not_for_sale" });
    else if (row.status === "booked") {
      if (row.token === req.holdToken)
        plans.push({ kind: "done", entry: { objectLabel: label, status: "booked", bookedAt: row.booked_at!, extraData: parseExtra(row.extra) } });
      else failed.push({ objectLabel: label, reason: "booked" });
    } else if (row.token === req.holdToken && isLiveHold(row, tx.now)) plans.push({ kind: "seat", row });
    else failed.push({ objectLabel: label, reason: "not_held_by_token" });
  }
  if (failed.length > 0) return fail("seat_unavailable", "One or more objects are not held by this token; nothing was booked", { failed });

  const bookedAt = iso(tx.now);
  const objects: BookedObject[] = plans.map((plan) => {
    if (plan.kind === "done") return plan.entry;
    if (plan.kind === "seat") {
      tx.sql.exec("UPDATE seats SET status = 'booked', expires_at = NULL, booked_at = ? WHERE label = ?", bookedAt, plan.row.label);
      tx.emit("seat.booked", tx.seatObject(plan.row, "booked"));
      return { objectLabel: plan.row.label, status: "booked", bookedAt, extraData: parseExtra(plan.row.extra) };
    }
    const r = plan.row;
    const at = r.booked_at ?? bookedAt;
    tx.sql.exec(
      "UPDATE ga SET booked = booked + held, held = 0, expires_at = NULL, booked_at = ?, updated_at = ? WHERE area = ? AND token = ?",
      at,
      tx.now,
      r.area,
      r.token,
    );
    tx.emit("seat.booked", tx.gaObject(r, statusAfter(tx, r.area), r.held));
    return { objectLabel: r.area, status: "booked", bookedAt: at, extraData: parseExtra(r.extra), quantity: r.booked + r.held };
  });
  return ok({ eventKey: tx.meta.eventKey, objects });
}

/** Labels the token has anything on (held or booked), seats and GA areas. */
function labelsOfToken(tx: Tx, token: string): string[] {
  const seats = rows<{ label: string }>(tx.sql, "SELECT label FROM seats WHERE token = ?", token).map((r) => r.label);
  const areas = rows<{ area: string }>(tx.sql, "SELECT area FROM ga WHERE token = ?", token).map((r) => r.area);
  return [...seats, ...areas];
}

/**
 * Releases (interface.md release rules): a public caller frees only live holds under its token; a
 * secret caller frees held and booked rows, under the token or, without one, anybody's. Labels that
 * have nothing to free are skipped; the result lists what was freed.
 */
export function release(tx: Tx, req: ReleaseRequest): FreedResult {
  const secret = req.caller === "secret";
  const labels = req.objectLabels ? [...new Set(req.objectLabels)] : req.holdToken ? labelsOfToken(tx, req.holdToken) : [];
  const freed: FreedObject[] = [];
  for (const label of labels) {
    if (isGa(tx, label)) {
      const candidates =
        req.holdToken !== undefined ? [gaRow(tx.sql, label, req.holdToken)].filter((r): r is GaRow => r !== null) : secret ? gaRows(tx.sql, label) : [];
      let total = 0;
      for (const row of candidates) {
        const held = row.held > 0 && isLiveHold(row, tx.now) ? row.held : 0;
        const booked = secret ? row.booked : 0;
        if (held + booked === 0) continue;
        if (row.booked - booked > 0)
          tx.sql.exec("UPDATE ga SET held = 0, expires_at = NULL, updated_at = ? WHERE area = ? AND token = ?", tx.now, row.area, row.token);
        else tx.sql.exec("DELETE FROM ga WHERE area = ? AND token = ?", row.area, row.token);
        tx.emit("seat.released", tx.gaObject(row, statusAfter(tx, label), held + booked));
        total += held + booked;
      }
      if (total > 0) freed.push({ objectLabel: label, status: "free", quantity: total });
      continue;
    }
    const row = seatRow(tx.sql, label);
    if (!row || row.status === "not_for_sale") continue;
    if (req.holdToken !== undefined && row.token !== req.holdToken) continue;
    const liveHeld = row.status === "held" && isLiveHold(row, tx.now);
    const canFree = liveHeld ? req.holdToken !== undefined || secret : row.status === "booked" && secret;
    if (!canFree) continue;
    tx.sql.exec("DELETE FROM seats WHERE label = ?", label);
    tx.emit("seat.released", tx.seatObject(row, "free"));
    freed.push({ objectLabel: label, status: "free" });
  }
  return { eventKey: tx.meta.eventKey, objects: freed };
}

/**
 * Moves the expiry of the token's live holds (all, or those named) to now + ttlSeconds. A named
 * label that is not live under the token fails the whole call, as does a token with nothing live.
 */
export function extend(tx: Tx, req: ExtendRequest): Outcome<HoldResult> {
  const seatTargets = new Map<string, SeatRow>();
  const gaTargets = new Map<string, GaRow>();
  if (req.objectLabels) {
    const failed: FailedEntry[] = [];
    for (const label of new Set(req.objectLabels)) {
      const ga = gaRow(tx.sql, label, req.holdToken);
      const seat = ga ? null : seatRow(tx.sql, label);
      if (ga && ga.held > 0 && isLiveHold(ga, tx.now)) gaTargets.set(label, ga);
      else if (seat && seat.status === "held" && seat.token === req.holdToken && isLiveHold(seat, tx.now)) seatTargets.set(label, seat);
      else failed.push({ objectLabel: label, reason: tx.object(label) ? "not_held_by_token" : "unknown_label" });
    }
    if (failed.length > 0) return fail("seat_unavailable", "One or more objects are not held by this token; nothing was extended", { failed });
  } else {
    for (const r of rows<SeatRow>(
      tx.sql,
      "SELECT label, status, token, expires_at, booked_at, extra FROM seats WHERE token = ? AND status = 'held' AND expires_at > ?",
      req.holdToken,
      tx.now,
    ))
      seatTargets.set(r.label, r);
    for (const r of rows<GaRow>(
      tx.sql,
      "SELECT area, token, held, booked, expires_at, booked_at, extra, updated_at FROM ga WHERE token = ? AND held > 0 AND expires_at > ?",
      req.holdToken,
      tx.now,
    ))
      gaTargets.set(r.area, r);
  }
  if (seatTargets.size + gaTargets.size === 0) return fail("seat_unavailable", "Nothing is held under this token", { failed: [] });

  const expiresAt = tx.now + req.ttlSeconds * 1000;
  const objects: HeldObject[] = [];
  for (const [label, row] of seatTargets) {
    tx.sql.exec("UPDATE seats SET expires_at = ? WHERE label = ?", expiresAt, label);
    tx.changed.add(label);
    objects.push({ objectLabel: label, status: "held", extraData: parseExtra(row.extra) });
  }
  for (const [label, row] of gaTargets) {
    tx.sql.exec("UPDATE ga SET expires_at = ? WHERE area = ? AND token = ?", expiresAt, label, req.holdToken);
    tx.changed.add(label);
    objects.push({ objectLabel: label, status: "held", extraData: parseExtra(row.extra), quantity: row.held });
  }
  tx.expiry(expiresAt);
  return ok({ chartKey: tx.meta.chartKey, eventKey: tx.meta.eventKey, holdToken: req.holdToken, holdExpiresAt: iso(expiresAt), objects });
}
