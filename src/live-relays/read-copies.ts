import type { CopyAnswer, CopyForm } from "../domain/live-relays";
import { RateWindow } from "../domain/rate-window";

/** Oldest a copy may be when it answers a read: with the time the answer takes, well within the second promised. */
export const COPY_MAX_AGE_MS = 800;
/** Shortest time between two reads of the event's object: at most 10 a second, whatever the crowd. */
export const COPY_REFRESH_GAP_MS = 100;
/** A form read this recently is read again with any other: the next read of it is then already current. */
const IN_USE_MS = 5_000;

/** A form of a read as the hub keeps it. */
export interface Copy {
  tag: string;
  seq: number;
  body: Uint8Array<ArrayBuffer>;
  validUntil: number | null;
  /** When the read that brought it was sent. */
  fetchedAt: number;
  /** The version of the public view it was read at. */
  version: number;
}

/** How the hub reads the event's object: the forms asked for with the tags of the bytes it holds; null when the event is gone. */
export type CopyFetch = (requests: { form: CopyForm; knownTag?: string }[]) => Promise<Partial<Record<CopyForm, CopyAnswer>> | null>;

/**
 * The hub's copy of the event's publishable reads (docs/live-crowd.md). A read is answered from the
 * copy while the copy is current: it was read at or after the latest version of the view the event's
 * object has told the hub of, it is younger than COPY_MAX_AGE_MS, and no hold in it has expired. Otherwise the read
 * waits for the next read of the object, which every read waiting then shares (one call brings every
 * form read in the last few seconds) and which starts at least COPY_REFRESH_GAP_MS after the one before: the object
 * answers at most 10 calls a second however many readers there are, and a reader sees a change as
 * soon as the object has told the hub of it (the object's notice goes out when the change commits).
 */
export class ReadCopies {
  private readonly copies = new Map<CopyForm, Copy>();
  /** The latest version of the public view the event's object has told of. */
  private noticed = 0;
  private readonly wanted = new Set<CopyForm>();
  /** When each form was last read. */
  private readonly lastRead = new Map<CopyForm, number>();
  private flight: Promise<boolean> | null = null;
  private lastStart = -Infinity;
  /** Reads answered, and calls that reached the event's object (the live figures). */
  readonly reads = new RateWindow();
  readonly reachingEvent = new RateWindow();

  constructor(private readonly fetch: CopyFetch) {}

  /** The event's object says the view changed, and is now at `version`. */
  stale(version: number): void {
    this.noticed = Math.max(this.noticed, version);
  }

  private current(copy: Copy | undefined, now: number): copy is Copy {
    return copy !== undefined && copy.version >= this.noticed && now - copy.fetchedAt < COPY_MAX_AGE_MS && (copy.validUntil === null || now < copy.validUntil);
  }

  /** A current copy of `form`; null when the event is gone. */
  async read(form: CopyForm): Promise<Copy | null> {
    this.reads.add(Date.now());
    this.lastRead.set(form, Date.now());
    // A change that commits while a read of the object is on its way makes its answer stale again;
    // a few rounds settle it, and a copy at most a few rounds behind is still within the bound.
    for (let round = 0; round < 4; round++) {
      const copy = this.copies.get(form);
      if (this.current(copy, Date.now())) return copy;
      this.wanted.add(form);
      if (!(await this.refresh())) return null;
    }
    return this.copies.get(form) ?? null;
  }

  private refresh(): Promise<boolean> {
    this.flight ??= this.run().finally(() => {
      this.flight = null;
    });
    return this.flight;
  }

  private async run(): Promise<boolean> {
    const wait = this.lastStart + COPY_REFRESH_GAP_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const inUse = Date.now() - IN_USE_MS;
    for (const [form, at] of this.lastRead) if (at > inUse) this.wanted.add(form);
    const forms = [...this.wanted];
    this.wanted.clear();
    const fetchedAt = (this.lastStart = Date.now());
    this.reachingEvent.add(fetchedAt);
    const answer = await this.fetch(forms.map((form) => ({ form, knownTag: this.copies.get(form)?.tag })));
    if (answer === null) {
      this.copies.clear();
      return false;
    }
    for (const form of forms) {
      const a = answer[form];
      const old = this.copies.get(form);
      const body = a?.body ?? (old !== undefined && old.tag === a?.tag ? old.body : undefined);
      if (a === undefined || body === undefined) continue;
      this.copies.set(form, { tag: a.tag, seq: a.seq, body, validUntil: a.validUntil, fetchedAt, version: a.version });
    }
    return true;
  }
}
