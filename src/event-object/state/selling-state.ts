import type { SelectionRules } from "../../domain/selling";
import type { Status } from "../../domain/status";
import { Occupancy } from "../../selling/occupancy";
import { checkGaHold, checkSeatHold, type CategoryCounts, type RuleContext } from "../../selling/rule-checks";
import { buildSellingIndex, type SellingIndex } from "../../selling/selling-index";
import { objectsWithHints, type LayoutIndex } from "./layout-index";
import { first, getMeta, rows, setMeta } from "./store";
import type { RuleChecks } from "./policy";

/**
 * The event's selling rules and what they read (docs/selling-rules.md): the rules themselves (meta "rules"),
 * and the selling index and occupancy that best available and the orphan rule search. Index and
 * occupancy are built on first use and then kept in step with every committed seat change, so a
 * call never scans the event's seats.
 */
export class SellingState {
  private rulesCache: SelectionRules | undefined = undefined;
  private index: SellingIndex | null = null;
  private occupancy: Occupancy | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /** The event's rules ({} when none). */
  rules(): SelectionRules {
    this.rulesCache ??= getMeta<SelectionRules>(this.sql, "rules") ?? {};
    return this.rulesCache;
  }

  /** Replaces the rules ({} clears them). */
  setRules(rules: SelectionRules): void {
    setMeta(this.sql, "rules", Object.keys(rules).length > 0 ? rules : null);
    this.rulesCache = rules;
  }

  /** The selling index and occupancy of the current layout, built from the layout and the seat rows on first use. */
  view(layout: LayoutIndex, now: number): { index: SellingIndex; occupancy: Occupancy } {
    this.index ??= buildSellingIndex(objectsWithHints(layout), layout.focalPoint);
    this.occupancy ??= Occupancy.fromNonFree(this.index, reservedSeatLabels(this.sql, now));
    return { index: this.index, occupancy: this.occupancy };
  }

  /** A seat's status changed in the running decision: the occupancy follows at once. */
  seatChanged(label: string, status: Status): void {
    this.occupancy?.set(label, status === "free");
  }

  /** The layout changed, the event was reset, or a decision failed half-way: rebuild on next use. */
  invalidate(): void {
    this.index = null;
    this.occupancy = null;
  }

  /** Forgets the rules cache as well (the event's storage was wiped). */
  clear(): void {
    this.invalidate();
    this.rulesCache = undefined;
  }
}

/** Whether any rule that checks seats is set (`maxPublicHoldSeconds` limits a hold's lifetime, not its seats). */
export function hasRules(rules: SelectionRules): boolean {
  return hasSeatRules(rules) || rules.maxHeldSeatsPerClient !== undefined;
}

/** Whether any rule besides the client's cap checks seats. */
function hasSeatRules(rules: SelectionRules): boolean {
  return (
    rules.maxSeatsPerToken !== undefined ||
    (rules.maxSeatsPerCategory !== undefined && Object.keys(rules.maxSeatsPerCategory).length > 0) ||
    rules.noOrphanSeats === true
  );
}

/**
 * The rule checks of one hold decision. The counts are read inside the decision's transaction,
 * on first use: what the token holds or has booked per category (seats plus GA places), and, for a
 * publishable key, what its client address holds now over all its tokens.
 */
export function ruleChecks(
  sql: SqlStorage,
  state: SellingState,
  layout: LayoutIndex,
  now: number,
  rules: SelectionRules,
  token: string,
  client: string | undefined,
): RuleChecks {
  let ctx: RuleContext | null = null;
  let held: number | undefined;
  const counted = client !== undefined && rules.maxHeldSeatsPerClient !== undefined;
  const clientCount = (): number => (held ??= clientHeld(sql, client!, now));
  const context = (): RuleContext => {
    if (ctx) return ctx;
    ctx = { rules, token: tokenCounts(sql, layout, token, now) };
    if (counted) ctx.client = clientCount();
    return ctx;
  };
  const view = () => state.view(layout, now);
  return {
    context,
    view,
    clientOnly: counted && !hasSeatRules(rules),
    clientHeld: () => (counted ? { held: clientCount(), max: rules.maxHeldSeatsPerClient! } : null),
    seats(labels) {
      if (labels.length === 0) return [];
      const { index, occupancy } = view();
      const ids = labels.map((l) => index.ids.get(l)).filter((id): id is number => id !== undefined);
      return checkSeatHold(context(), index, occupancy, ids);
    },
    ga: (change) => checkGaHold(context(), change),
  };
}

/** Seats plus GA places the token holds (live) or has booked on the event, by category. */
function tokenCounts(sql: SqlStorage, layout: LayoutIndex, token: string, now: number): CategoryCounts {
  const counts = new Map<string, number>();
  const add = (label: string, n: number) => {
    const category = layout.categoryOf(label);
    if (category !== undefined && n > 0) counts.set(category, (counts.get(category) ?? 0) + n);
  };
  for (const r of rows<{ label: string }>(sql, "SELECT label FROM seats WHERE token = ? AND (status = 'booked' OR expires_at > ?)", token, now))
    add(r.label, 1);
  for (const r of rows<{ area: string; places: number }>(
    sql,
    "SELECT area, booked + CASE WHEN expires_at > ? THEN held ELSE 0 END AS places FROM ga WHERE token = ?",
    now,
    token,
  ))
    add(r.area, r.places);
  return counts;
}

/** Seats plus GA places one client address holds now (live holds only), over all its tokens. */
function clientHeld(sql: SqlStorage, client: string, now: number): number {
  // One statement, each table read through its client index by name: without INDEXED BY, SQLite
  // reads every held seat through (status, expires_at), so each hold's count would grow with the
  // event's holds (a stadium's on-sale: tens of thousands).
  return (
    first<{ n: number }>(
      sql,
      `SELECT (SELECT COUNT(*) FROM seats INDEXED BY seats_client WHERE client = ?1 AND status = 'held' AND expires_at > ?2)
            + (SELECT COALESCE(SUM(held), 0) FROM ga INDEXED BY ga_client WHERE client = ?1 AND held > 0 AND expires_at > ?2) AS n`,
      client,
      now,
    )?.n ?? 0
  );
}

/** Labels of the seats that are not free at `now` (what the selling occupancy starts from). */
export function reservedSeatLabels(sql: SqlStorage, now: number): string[] {
  return rows<{ label: string }>(sql, "SELECT label FROM seats WHERE status <> 'held' OR expires_at > ?", now).map((r) => r.label);
}
