/**
 * The Worker's own copies of the cached public status bodies (see StatusCache), keyed by event
 * scope and format. A read asks the event's Durable Object whether the copy's tag is still current
 * and gets back only the tag when it is, so a warm read moves a few bytes over the RPC instead of
 * 4 MB. Copies are bounded in bytes and dropped least recently used first; a stale copy is never
 * answered because the object confirms the tag on every read.
 */

export interface StatusCopy {
  tag: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Well under the isolate's 128 MB, with room for the request that is building a copy. */
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

/** Keeps `copy` under `key`, evicting the least recently used copies beyond the byte bound. */
export function keepStatusCopy(key: string, copy: StatusCopy): void {
  const old = copies.get(key);
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
