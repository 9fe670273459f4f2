import type { Accessibility } from "../../domain/accessibility";
import type { Channel, ChannelsBody } from "../../domain/channels";
import type { EventMeta } from "../../domain/events";
import { ok, type Outcome } from "../../domain/outcome";
import type { SelectionRules } from "../../domain/selling";
import type { AdmissionGateConfig } from "../../domain/waiting-room";
import { dropSnapshot } from "../reads/status-snapshot";
import { NO_HOLDS } from "../state/policy";
import type { LayoutIndex } from "../state/layout-index";
import type { DecisionParts } from "./hold-policy";

/**
 * The event's selling configuration as a box office sets it: selection rules (docs/selling-rules.md),
 * channels (docs/channels.md), the accessible hold-back (docs/accessibility.md) and the waiting room's switch (docs/waiting-room.md). Each is
 * kept in the object's storage and in memory, where holdPolicy() reads it for every hold.
 */

/** Replaces the selection rules; `{}` clears them. */
export function setSelectionRules(parts: DecisionParts, storage: DurableObjectStorage, rules: SelectionRules): Outcome<SelectionRules> {
  storage.transactionSync(() => parts.selling.setRules(rules));
  return ok(rules);
}

/**
 * Replaces the hold-back in one transaction that also releases at once what its condition already
 * releases, and arms the alarm for an `at` release.
 */
export function setAccessibility(parts: DecisionParts, meta: EventMeta, body: Accessibility): Outcome<Accessibility> {
  try {
    parts.run.transact(meta, NO_HOLDS, (tx) => parts.access.replace(tx, body));
  } catch (err) {
    parts.access.clear();
    throw err;
  }
  // Objects reads carry accessibleOnly: the kept views are stale.
  parts.viewsStale();
  const due = parts.access.dueAt();
  if (due !== null) parts.arm(due);
  return ok(body);
}

/**
 * Replaces the channels. No status changes and no history record: a held or booked seat keeps its
 * status in its new channel, and GA places already taken stay in their pool.
 */
export function setChannels(parts: DecisionParts, storage: DurableObjectStorage, layout: LayoutIndex, body: ChannelsBody): Outcome<{ channels: Channel[] }> {
  let result: Outcome<Channel[]>;
  try {
    result = storage.transactionSync(() => {
      const replaced = parts.channels.replace(body, layout);
      // Entries name their channel, and no history seq records this change: the stored view goes with it.
      if (replaced.ok) dropSnapshot(parts.sql);
      return replaced;
    });
  } catch (err) {
    parts.channels.clear();
    throw err;
  }
  if (!result.ok) return result;
  // Objects reads and status entries carry channelKey: the kept views are stale.
  parts.viewsStale();
  return ok({ channels: result.value });
}

/** The waiting room's switch and opening time, put with the room's configuration. */
export function setAdmissionGate(parts: DecisionParts, meta: EventMeta, gate: AdmissionGateConfig): Outcome<{ eventId: string }> {
  parts.admission.set(gate);
  return ok({ eventId: meta.eventId });
}
