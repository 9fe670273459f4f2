import { gzip } from "../../http/gzip-body";
import { wroteSince } from "../../http/recent-writers";

/**
 * The Worker's own copies of the crowd's reads (status and objects, each form), keyed by event
 * scope and form. A read asks the event's hub whether the copy's tag is still current and gets back
 * only the tag when it is, so a warm read moves a few bytes over the RPC instead of megabytes. For a
 * short while after the hub last spoke of a copy this isolate answers it without asking at all
 * (`servable`): a crowd of readers then costs the hub a call or two a second per isolate, not one
 * per read. Each copy's bytes are also kept gzip-compressed, made by the first read that accepts
 * gzip and answered as they are to every later one (`gzipOf`): the crowd's readers are browsers, and
 * compressing the same megabyte for each of them would cost more than the rest of the read.
 * Copies are bounded in bytes and dropped least recently used first.
 */

/**
 * How old a copy may be (since the hub read it from the event's object) when this isolate answers
 * it without asking the hub: with the answer's own time, well within the second promised.
 */
export const ISOLATE_COPY_MAX_AGE_MS = 500;
/**
 * How old a copy may be when this isolate answers it while one of its reads is already asking the
 * hub for a newer one: as old as the hub itself answers a copy, still within the second promised.
 * Under a crowd, the reads that arrive while the hub's answer is on its way would otherwise each ask
 * the hub and each be sent the same new bytes.
 */
export const ISOLATE_COPY_ASKING_MAX_AGE_MS = 800;

export interface StatusCopy {
  tag: string;
  /** The latest status change the copy includes (X-Status-Seq). */
  seq: number;
  bytes: Uint8Array<ArrayBuffer>;
  /** When (this isolate's clock) the hub last said the copy was current: the call's start. */
  confirmedAt: number;
  /** Until when this isolate answers the copy without asking: its age limit, or a hold in it expiring. */
  trustedUntil: number;
  /** Until when it answers the copy while another read is asking the hub: the longer age limit, or a hold in it expiring. */
  askingUntil: number;
  /** `bytes` gzip-compressed, once a read accepting gzip asked for them (null: compression failed). */
  gzip?: Uint8Array<ArrayBuffer> | null;
}

/**
 * The copy's bytes gzip-compressed: compressed by the first read that asks, and shared by every
 * read of the same copy after it. Null when the runtime could not compress them: the read is then
 * answered uncompressed.
 */
export function gzipOf(copy: Pick<StatusCopy, "bytes" | "gzip">): Uint8Array<ArrayBuffer> | null {
  if (copy.gzip === undefined) copy.gzip = gzip(copy.bytes);
  return copy.gzip;
}

/**
 * Whether this isolate may answer `copy` to `client` without asking the hub: the copy is young
 * enough, no hold in it has expired, and the client has sent no change since the hub confirmed it
 * (a client reads its own changes). A request without a client address always asks.
 */
export function servable(copy: StatusCopy, client: string | undefined, now: number): boolean {
  return client !== undefined && now < copy.trustedUntil && !wroteSince(client, copy.confirmedAt);
}

/** Until when a copy the hub confirmed, in a call started at `start`, may be answered without asking (alone, and while another read asks). */
export function trustedUntil(start: number, ageMs: number, validUntil: number | null): { trustedUntil: number; askingUntil: number } {
  // start - ageMs is no later than when the hub read the copy: the bound errs towards asking.
  const read = start - ageMs;
  const expiry = validUntil ?? Infinity;
  return { trustedUntil: Math.min(read + ISOLATE_COPY_MAX_AGE_MS, expiry), askingUntil: Math.min(read + ISOLATE_COPY_ASKING_MAX_AGE_MS, expiry) };
}

/** Per copy key, when a read of this isolate started asking the hub for it (while it is on its way). */
const asking = new Map<string, number>();

/** A read asks the hub for the copy under `key`; the returned function says it has its answer. */
export function askingHub(key: string, start: number): () => void {
  asking.set(key, start);
  return () => {
    if (asking.get(key) === start) asking.delete(key);
  };
}

/**
 * Whether this isolate may answer `copy` (kept under `key`) to `client` while another read is
 * already asking the hub for a newer one: as `servable`, with the longer age limit. A call on its
 * way for over a second is not waited on.
 */
export function servableWhileAsking(key: string, copy: StatusCopy, client: string | undefined, now: number): boolean {
  const since = asking.get(key);
  return client !== undefined && since !== undefined && now - since < 1_000 && now < copy.askingUntil && !wroteSince(client, copy.confirmedAt);
}

/** Well under the isolate's 128 MB, with room for the request that is building a copy (the compressed bytes beside each copy, a tenth or less of it, are not counted). */
const MAX_BYTES = 32 * 1024 * 1024;

const copies = new Map<string, StatusCopy>();
let totalBytes = 0;

/** The copy kept under `key`, marked as most recently used. */
export function statusCopy(key: string): StatusCopy | undefined {
  const copy = copies.get(key);
  if (copy !== undefined) {
    copies.delete(key);
    copies.set(key, copy);
  }
  return copy;
}

/** Keeps `copy` under `key` (unless a later one is kept already), evicting the least recently used copies beyond the byte bound. */
export function keepStatusCopy(key: string, copy: StatusCopy): void {
  const old = copies.get(key);
  // Two reads in flight may come back out of order: a copy never goes back to an earlier seq.
  if (old !== undefined && old.seq > copy.seq) return;
  // Reads that overlap bring the same bytes back: the kept copy (and its compressed bytes) stays.
  if (old !== undefined && old.tag === copy.tag) return confirmStatusCopy(key, copy.tag, copy.seq, copy.confirmedAt, copy);
  if (old !== undefined) {
    copies.delete(key);
    totalBytes -= old.bytes.byteLength;
  }
  if (copy.bytes.byteLength > MAX_BYTES) return;
  copies.set(key, copy);
  totalBytes += copy.bytes.byteLength;
  for (const [k, v] of copies) {
    if (totalBytes <= MAX_BYTES) break;
    copies.delete(k);
    totalBytes -= v.bytes.byteLength;
  }
}

/**
 * The hub said the copy under `key` (tag `tag`) is still current at `seq`, in a call started at
 * `start`. Bytes tagged by their content (the objects) stay the same while changes go on: the copy
 * then reflects the later seq too.
 */
export function confirmStatusCopy(key: string, tag: string, seq: number, start: number, trust: { trustedUntil: number; askingUntil: number }): void {
  const copy = copies.get(key);
  if (copy === undefined || copy.tag !== tag) return;
  copy.seq = Math.max(copy.seq, seq);
  if (copy.confirmedAt > start) return;
  copy.confirmedAt = start;
  copy.trustedUntil = trust.trustedUntil;
  copy.askingUntil = trust.askingUntil;
}

/** The entity tags an If-None-Match header names (weak or strong), or "*" for any. */
export function ifNoneMatch(header: string | undefined): string[] | "*" {
  if (header === undefined) return [];
  if (header.trim() === "*") return "*";
  return header
    .split(",")
    .map((t) =>
      t
        .trim()
        .replace(/^W\//, "")
        .replace(/^"(.*)"$/, "$1"),
    )
    .filter((t) => t.length > 0);
}
