import type { CopyAnswer, CopyForm } from "../../domain/live-relays";
import { ok, type Outcome } from "../../domain/outcome";
import type { EventReads } from "../reads/event-reads";
import { earliestLiveExpiry } from "../reads/status-bodies";
import type { Clock } from "../state/clock";
import { latestHistorySeq } from "../state/store";
import type { HubNotice } from "./hub-notice";

/** A form the hub asks for, with the tag of the bytes it already holds. */
export interface CopyRequest {
  form: CopyForm;
  knownTag?: string;
}

const utf8 = new TextEncoder();

/** A tag for bytes that have no kept tag of their own: their SHA-1, so unchanged bytes keep it. */
async function tagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The publishable reads of the event as the hub copies them (docs/live-crowd.md): the unfiltered
 * status (full, compact) from the kept view with its tag, and the objects (full, compact) encoded
 * now and tagged by their bytes. Each answer names the `seq` it reflects and the wall-clock instant
 * a hold in it expires. Answering arms the hub's notice, so the hub hears of the next change.
 */
export async function publicCopies(
  reads: EventReads,
  sql: SqlStorage,
  clock: Clock,
  hub: HubNotice,
  requests: CopyRequest[],
): Promise<Outcome<Partial<Record<CopyForm, CopyAnswer>>>> {
  const out: Partial<Record<CopyForm, CopyAnswer>> = {};
  const now = clock.now();
  const expiry = earliestLiveExpiry(sql, now);
  const validUntil = expiry === null ? null : clock.toWall(expiry);
  const seq = latestHistorySeq(sql);
  // Every body is read here, in one synchronous step, so all of them are the view at `seq`; only
  // the tags are awaited after.
  hub.arm();
  const version = hub.version;
  const encoded: { form: CopyForm; knownTag?: string; bytes: Uint8Array<ArrayBuffer> }[] = [];
  for (const { form, knownTag } of requests) {
    if (form === "status" || form === "status-compact") {
      const answer = reads.statusBody(form === "status" ? "full" : "compact", knownTag);
      if (!answer.ok) return answer;
      out[form] = { tag: answer.value.tag, seq, validUntil, version, ...(answer.value.body ? { body: answer.value.body } : {}) };
    } else if (form === "objects") {
      const objects = reads.objects(undefined, []);
      if (!objects.ok) return objects;
      encoded.push({ form, knownTag, bytes: utf8.encode(JSON.stringify(objects.value)) });
    } else {
      const compact = reads.objectsCompact(undefined, []);
      if (!compact.ok) return compact;
      encoded.push({ form, knownTag, bytes: utf8.encode(compact.value.body) });
    }
  }
  for (const { form, knownTag, bytes } of encoded) {
    const tag = await tagOf(bytes);
    out[form] = { tag, seq, validUntil, version, ...(tag === knownTag ? {} : { body: bytes }) };
  }
  return ok(out);
}
