/**
 * The object's one alarm: armed at the earliest due work (a hold expiry, an outbox row, a staged
 * publish to settle) and only ever moved earlier between runs, so many commits cost at most one
 * storage write each and usually none.
 */
export class Alarm {
  /** Wall-clock time the alarm is set for, as far as this instance knows; null for none. */
  private at: number | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly toWall: (engineMs: number) => number,
  ) {}

  /** Reads the stored alarm (on wake). */
  async load(): Promise<void> {
    this.at = await this.storage.getAlarm();
  }

  /** Moves the alarm earlier when `due` (engine time) comes before it; never later. */
  arm(due: number): void {
    const wall = this.toWall(due);
    if (this.at !== null && this.at <= wall) return;
    this.at = wall;
    void this.storage.setAlarm(wall);
  }

  /** The alarm fired: nothing is set until the run arms it again. */
  fired(): void {
    this.at = null;
  }

  /** Drops the alarm (the event is deleted). */
  async clear(): Promise<void> {
    this.at = null;
    await this.storage.deleteAlarm();
  }
}
