import type { CopyForm } from "../../domain/live-relays";
import type { Principal } from "../../http/context";
import { clientAcceptsGzip, gzipAnswer } from "../../http/gzip-body";
import { requireKnownEvent } from "../../events/event-object-calls";
import { countCopyRead, crowdRead } from "../../live-relays/crowd-operations";
import type { CopyRead } from "../../live-relays/live-hub";
import {
  askingHub,
  confirmStatusCopy,
  gzipOf,
  keepStatusCopy,
  servable,
  servableWhileAsking,
  statusCopy,
  trustedUntil,
  type StatusCopy,
} from "./status-copies";

/**
 * The crowd's reads of an event (publishable status and objects without a hold token, labels or a
 * channel pass), answered from the hub's copy through this isolate's own (status-copies.ts), and
 * sent compressed once per copy to the readers that accept gzip (docs/live-crowd.md).
 */

/** A crowd read's copy: its tag and seq, its bytes, and the isolate's kept copy they are (whose compressed bytes are shared). */
interface CrowdCopy {
  tag: string;
  seq: number;
  bytes?: Uint8Array<ArrayBuffer>;
  kept?: StatusCopy;
}

/**
 * A form of the crowd's read from the hub's copy, with this isolate's bytes of it (kept under
 * `copyKey`): answered from those bytes without asking while they are servable (status-copies.ts),
 * else the hub sends the body only when this isolate's (or, for a 304, the browser's) tag is not the
 * copy's. `bytes` is undefined only when the browser's tag matched and this isolate has no copy.
 */
export async function copyOf(
  env: Env,
  p: Principal,
  eventKey: string,
  form: CopyForm,
  copyKey: string,
  clientTags: string[] | "*",
  client: string | undefined,
): Promise<CrowdCopy> {
  const start = Date.now();
  const copy: StatusCopy | undefined = statusCopy(copyKey);
  if (copy !== undefined && (servable(copy, client, start) || servableWhileAsking(copyKey, copy, client, start))) {
    // A deleted event is refused here as on every path (the answer is this isolate's, at most a minute old).
    await requireKnownEvent(env, p, eventKey);
    countCopyRead(p, eventKey);
    return { tag: copy.tag, seq: copy.seq, bytes: copy.bytes, kept: copy };
  }
  const knownTag = copy?.tag ?? (Array.isArray(clientTags) ? clientTags[0] : undefined);
  const answered = copy !== undefined ? askingHub(copyKey, start) : () => {};
  let read: CopyRead;
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  try {
    read = await crowdRead(env, p, eventKey, form, knownTag);
    bytes = read.body ?? (copy?.tag === read.tag ? copy.bytes : undefined);
    // The browser's tag was current but it is not asking for a 304 of it after all: the bytes, then.
    if (bytes === undefined && !(clientTags === "*" || clientTags.includes(read.tag))) {
      read = await crowdRead(env, p, eventKey, form);
      bytes = read.body;
    }
  } finally {
    answered();
  }
  const trust = trustedUntil(start, read.ageMs, read.validUntil);
  if (read.body !== undefined) keepStatusCopy(copyKey, { tag: read.tag, seq: read.seq, bytes: read.body, confirmedAt: start, ...trust });
  else confirmStatusCopy(copyKey, read.tag, read.seq, start, trust);
  // Reads that overlap bring copies back out of order: a later one this isolate already keeps is
  // answered instead (never older than what the hub said, and its compressed bytes are shared).
  const kept = statusCopy(copyKey);
  if (kept !== undefined && (kept.tag === read.tag || kept.seq > read.seq)) {
    return { tag: kept.tag, seq: Math.max(kept.seq, read.seq), bytes: kept.bytes, kept };
  }
  return { tag: read.tag, seq: read.seq, bytes };
}

/**
 * A crowd read's 200: the copy's bytes, or for a reader that accepts gzip (every browser) the same
 * bytes compressed once per copy and sent as they are. The answer varies with Accept-Encoding.
 */
export function copyAnswer(request: Request, copy: CrowdCopy, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  // A copy this isolate does not keep (too large to) is not compressed for one read: the runtime does that.
  const compressed = copy.kept !== undefined && clientAcceptsGzip(request) ? gzipOf(copy.kept) : null;
  if (compressed !== null) return gzipAnswer(compressed, 200, headers);
  return new Response(bytes, { status: 200, headers });
}
