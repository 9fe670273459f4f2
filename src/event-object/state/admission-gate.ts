import type { HoldCaller } from "../../domain/seats";
import type { AdmissionGateConfig } from "../../domain/waiting-room";

/**
 * The event's half of its waiting room (docs/waiting-room.md): whether a hold must show an admission now.
 * The Worker checks an X-Admission's signature and says so on the caller (`admitted`); the object
 * keeps the room's switch and opening time in memory, so the hold path pays no storage read and no
 * D1 query for it. The queue itself lives in other objects (src/waiting-room/).
 */
export class AdmissionGate {
  private gate: AdmissionGateConfig | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /** Creates the table and reads the gate (in the object's blockConcurrencyWhile). */
  load(): void {
    this.sql.exec("CREATE TABLE IF NOT EXISTS admission_gate (id INTEGER PRIMARY KEY CHECK (id = 1), enabled INTEGER NOT NULL, opens_at INTEGER NOT NULL)");
    const row = this.sql.exec<{ enabled: number; opens_at: number }>("SELECT enabled, opens_at FROM admission_gate WHERE id = 1").toArray()[0];
    this.gate = row ? { enabled: row.enabled === 1, opensAt: row.opens_at } : null;
  }

  /** The gate as put (null: the event has no waiting room). */
  get current(): AdmissionGateConfig | null {
    return this.gate;
  }

  set(gate: AdmissionGateConfig): void {
    this.sql.exec("INSERT OR REPLACE INTO admission_gate (id, enabled, opens_at) VALUES (1, ?, ?)", gate.enabled ? 1 : 0, gate.opensAt);
    this.gate = gate;
  }

  /** Forgets the gate (the event was deleted; its table went with deleteAll). */
  clear(): void {
    this.gate = null;
    this.load();
  }

  /**
   * Whether this hold is refused for want of an admission: publishable keys only, while the room is
   * enabled and open, unless the caller's verified admission is for this creation of the event.
   */
  refuses(caller: HoldCaller, now: number, eventId: string | undefined): boolean {
    const gate = this.gate;
    return gate !== null && gate.enabled && now >= gate.opensAt && caller.kind === "public" && (eventId === undefined || !caller.admittedTo?.includes(eventId));
  }
}
