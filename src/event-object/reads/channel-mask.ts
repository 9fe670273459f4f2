import type { ChannelAccess } from "../../domain/channel-passes";
import type { GaStatusEntry, ObjectEntry } from "../../domain/status";
import { channelsOf, type ChannelState } from "../state/channels";

/**
 * What a reader without a protected channel's pass sees of it (docs/security.md): its free seats read
 * `not_for_sale` and none of its seats names the channel, so a publishable key cannot learn which
 * seats a presale set aside; a GA area shows neither the channel's places nor its key. A reader
 * with the channel's pass (X-Channel-Pass), a secret key and the dashboard see it as it is.
 *
 * The shared public view (the status body every browser reads, the live snapshot) is the view of a
 * reader with no pass; a reader with passes gets its view built for its request. An event without
 * protected channels has no mask, and every read is what it was before channels could be protected.
 */
export interface ChannelMask {
  /** The protected channels this reader does not see. */
  readonly hidden: ReadonlySet<string>;
  readonly channels: ChannelState;
}

/** The mask of a reader with this access, or null when it sees everything. */
export function maskFor(sql: SqlStorage, access: ChannelAccess, eventId: string): ChannelMask | null {
  const channels = channelsOf(sql);
  if (channels === null) return null;
  const hidden = channels.hiddenFor(access, eventId);
  return hidden.size === 0 ? null : { hidden, channels };
}

/** The mask of the shared public view: every protected channel hidden (null when the event has none). */
export function sharedMask(sql: SqlStorage): ChannelMask | null {
  return maskFor(sql, [], "");
}

/** The channel a seat entry names for this reader: its own, or none when that channel is hidden. */
export function shownChannel(mask: ChannelMask | null, channel: string | null): string | null {
  return channel !== null && mask?.hidden.has(channel) ? null : channel;
}

/** Whether a seat is in a channel hidden from this reader. */
export function isHidden(mask: ChannelMask | null, label: string): boolean {
  if (mask === null) return false;
  const channel = mask.channels.channelOf(label);
  return channel !== null && mask.hidden.has(channel);
}

/**
 * The free seats of hidden channels, which this reader reads as not for sale: every seat of those
 * channels that the layout has (`isSeat`) and `taken` does not (held, booked or not for sale: they
 * read as they are), in the channels' order; `only` narrows to some labels.
 */
export function hiddenFreeSeats(
  mask: ChannelMask | null,
  taken: (label: string) => boolean,
  isSeat: (label: string) => boolean,
  only?: ReadonlySet<string>,
): string[] {
  if (mask === null) return [];
  const out: string[] = [];
  for (const [label, channel] of mask.channels.seats()) {
    if (!mask.hidden.has(channel) || taken(label) || (only !== undefined && !only.has(label)) || !isSeat(label)) continue;
    out.push(label);
  }
  return out;
}

/** Counts by pool without the hidden channels, or undefined when none is left to show. */
function visiblePools(mask: ChannelMask, byChannel: Record<string, number> | undefined): Record<string, number> | undefined {
  if (byChannel === undefined) return undefined;
  const kept = Object.entries(byChannel).filter(([k]) => !mask.hidden.has(k));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The free places of hidden channels in an area's remainingByChannel, which this reader may not take. */
function hiddenRemaining(mask: ChannelMask, byChannel: Record<string, number> | undefined): number {
  let n = 0;
  for (const [k, v] of Object.entries(byChannel ?? {})) if (mask.hidden.has(k)) n += v;
  return n;
}

/** A GA status entry as this reader sees it: hidden channels' places out of `remaining` and `remainingByChannel`. */
export function maskedArea(mask: ChannelMask | null, entry: GaStatusEntry): GaStatusEntry {
  if (mask === null || entry.remainingByChannel === undefined) return entry;
  const hidden = hiddenRemaining(mask, entry.remainingByChannel);
  if (hidden === 0 && Object.keys(entry.remainingByChannel).every((k) => !mask.hidden.has(k))) return entry;
  const { remainingByChannel, ...rest } = entry;
  const shown = visiblePools(mask, remainingByChannel);
  const out: GaStatusEntry = { ...rest, remaining: Math.max(0, entry.remaining - hidden) };
  if (shown !== undefined) out.remainingByChannel = shown;
  return out;
}

/** An objects entry as this reader sees it: a hidden channel's seat in no channel (null), a GA area without the hidden channels' places. */
export function maskedObject(mask: ChannelMask | null, entry: ObjectEntry): ObjectEntry {
  if (mask === null) return entry;
  if (entry.objectType === "seat") return entry.channelKey != null && mask.hidden.has(entry.channelKey) ? { ...entry, channelKey: null } : entry;
  const { channelPlaces, remainingByChannel, ...rest } = entry;
  const out: ObjectEntry = { ...rest, remaining: Math.max(0, entry.remaining - hiddenRemaining(mask, remainingByChannel)) };
  const places = visiblePools(mask, channelPlaces);
  const byPool = visiblePools(mask, remainingByChannel);
  if (places !== undefined) out.channelPlaces = places;
  if (byPool !== undefined) out.remainingByChannel = byPool;
  return out;
}
