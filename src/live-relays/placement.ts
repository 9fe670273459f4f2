import { LIVE_SOCKETS_PER_CLIENT } from "../domain/client-address";

/** How long a place kept for a viewer waits for its socket before it is given to another. */
export const RESERVATION_MS = 30_000;

/** A relay as the hub counts it: its viewers, by client. */
interface RelayCount {
  viewers: number;
  clients: Map<string, number>;
}

/**
 * Where the event's viewers are (docs/live-crowd.md): which relays exist, how many viewers each
 * holds, and how many sockets each client has open across all of them. A viewer is placed on the
 * first relay with room, counting the places kept for viewers whose upgrade is still on its way, so
 * no relay is given more than its share and a relay emptied by departures is filled again before a
 * new one is made. A client that has its share of sockets open (or on their way) is refused.
 * The relays report their counts whole (after every socket that opens or closes, and when they
 * wake), so a count that went wrong is set right by the relay's next report.
 */
export class Placement {
  private readonly relays = new Map<number, RelayCount>();
  private readonly clientTotals = new Map<string, number>();
  private readonly kept = new Map<string, { index: number; client: string | null; at: number }>();
  private readonly keptOn = new Map<number, number>();
  /** The number of each relay's latest count: a count that arrives after a later one is ignored. */
  private readonly counted = new Map<number, number>();

  /** A place for a viewer of `client` (null: a server's socket, never refused): its relay and the id of the place kept; null when the client has its share. */
  place(client: string | null, capacity: number, skip: ReadonlySet<number>, now: number): { index: number; reservation: string } | null {
    this.expire(now);
    if (client !== null && this.socketsOf(client) >= LIVE_SOCKETS_PER_CLIENT) return null;
    let index = 0;
    while (skip.has(index) || (this.relays.get(index)?.viewers ?? 0) + (this.keptOn.get(index) ?? 0) >= capacity) index++;
    const reservation = crypto.randomUUID();
    this.kept.set(reservation, { index, client, at: now });
    this.keptOn.set(index, (this.keptOn.get(index) ?? 0) + 1);
    return { index, reservation };
  }

  /** Sockets `client` has open or on their way, on every relay. */
  socketsOf(client: string): number {
    let total = this.clientTotals.get(client) ?? 0;
    for (const k of this.kept.values()) if (k.client === client) total++;
    return total;
  }

  /** The place kept for a viewer is given up (its upgrade failed). */
  cancel(reservation: string): void {
    const k = this.kept.get(reservation);
    if (k === undefined) return;
    this.kept.delete(reservation);
    const left = (this.keptOn.get(k.index) ?? 1) - 1;
    if (left > 0) this.keptOn.set(k.index, left);
    else this.keptOn.delete(k.index);
  }

  /** A relay's whole count, the `number`th it sent (counts number upward; an older one is ignored). */
  count(index: number, viewers: number, clients: Record<string, number>, number: number): void {
    if (number < (this.counted.get(index) ?? 0)) return;
    this.counted.set(index, number);
    const old = this.relays.get(index);
    if (old !== undefined) for (const [client, n] of old.clients) this.addTotal(client, -n);
    const next = new Map(Object.entries(clients));
    for (const [client, n] of next) this.addTotal(client, n);
    this.relays.set(index, { viewers, clients: next });
  }

  /** A relay retired (or never opened): its viewers are gone with it. */
  remove(index: number): void {
    const old = this.relays.get(index);
    if (old !== undefined) for (const [client, n] of old.clients) this.addTotal(client, -n);
    this.relays.delete(index);
  }

  private addTotal(client: string, n: number): void {
    const total = (this.clientTotals.get(client) ?? 0) + n;
    if (total > 0) this.clientTotals.set(client, total);
    else this.clientTotals.delete(client);
  }

  private expire(now: number): void {
    for (const [id, k] of this.kept) if (k.at + RESERVATION_MS <= now) this.cancel(id);
  }

  get viewers(): number {
    let sum = 0;
    for (const r of this.relays.values()) sum += r.viewers;
    return sum;
  }

  /** The relays known now, by index. */
  indexes(): number[] {
    return [...this.relays.keys()].sort((a, b) => a - b);
  }
}
