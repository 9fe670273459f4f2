import { fail, ok, type FailedEntry, type Outcome } from "../../domain/outcome";
import { TABLE_REASONS, tableModeOf, type TableBooking } from "../../domain/tables";
import type { LayoutIndex } from "../state/layout-index";
import { rows } from "../state/store";
import type { DecisionParts } from "./hold-policy";

/**
 * The event's table booking (docs/tables.md) as a box office changes it. A change never touches a
 * held or booked seat; a mode that what is held or booked contradicts is refused, naming each such
 * table: a table taken whole cannot become by_seat, and a table with seats taken one by one cannot
 * become by_table, until those are released.
 */

/** Replaces the event's table booking, or refuses it (400 for a label that is not a table, 409 `table_booking_in_use`). */
export function setTableBooking(
  parts: DecisionParts,
  storage: DurableObjectStorage,
  layout: LayoutIndex,
  now: () => number,
  body: TableBooking,
): Outcome<TableBooking> {
  const errors: Record<string, string[]> = {};
  for (const label of Object.keys(body.tables ?? {})) {
    if (layout.objectTypeOf(label) !== "table") errors[`tables.${label}`] = [`${label} is not a table of the event's layout`];
  }
  if (Object.keys(errors).length > 0) return fail("validation_failed", "Every key of tables must name a table of the event's layout", { errors });
  return storage.transactionSync(() => {
    const failed = conflicts(parts.sql, layout, now(), body);
    if (failed.length > 0)
      return fail("table_booking_in_use", "Some tables are held or booked in a way the new mode does not allow; release them first. Nothing changed", {
        failed,
      });
    parts.tableBooking.set(body);
    return ok(body);
  });
}

/** The tables whose holds and bookings `next` would contradict, each once, in the order found. */
function conflicts(sql: SqlStorage, layout: LayoutIndex, now: number, next: TableBooking): FailedEntry[] {
  if (!layout.hasTables) return [];
  const seen = new Set<string>();
  const failed: FailedEntry[] = [];
  for (const r of rows<{ label: string; whole_table: string | null }>(
    sql,
    "SELECT label, whole_table FROM seats WHERE status = 'booked' OR (status = 'held' AND expires_at > ?)",
    now,
  )) {
    const table = r.whole_table ?? layout.tableOf(r.label);
    if (table === undefined || seen.has(table)) continue;
    const mode = tableModeOf(next, table);
    if ((r.whole_table !== null && mode === "by_seat") || (r.whole_table === null && mode === "by_table")) {
      seen.add(table);
      failed.push({ objectLabel: table, reason: TABLE_REASONS.inUse });
    }
  }
  return failed;
}
