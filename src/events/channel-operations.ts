import { NO_CHANNEL, type Channel } from "../domain/channels";
import { ServiceError } from "../domain/errors";
import type { Scope } from "../domain/scope";
import { callEvent } from "./event-object-calls";

/**
 * The dashboard's channel editor (docs/channels.md): assign the seats selected on the map, and GA
 * places per area, to one channel, on top of the event's channels. The event's object replaces the
 * channels whole (PUT /channels); this reads them, changes the one channel, and writes them back.
 * Two operators editing the same event at the same moment: the later write wins.
 */
export interface ChannelAssignment {
  /** The channel, or NO_CHANNEL to take the seats out of every channel. */
  channelKey: string;
  /** The channel's name when it is new (or renamed). */
  channelName?: string;
  objectLabels?: string[];
  /** GA area → this channel's places there (0 removes them). */
  areaPlaces?: Record<string, number>;
  /** Whether only buyers with a pass may take from it (docs/security.md); unchanged when absent. */
  protected?: boolean;
}

export async function assignToChannel(env: Env, scope: Scope, eventKey: string, input: ChannelAssignment): Promise<{ channels: Channel[] }> {
  const { channels } = await callEvent(env, scope, eventKey, (event) => event.channelList("all"));
  const moving = new Set(input.objectLabels ?? []);
  const next: Channel[] = channels.map((ch) => ({ ...ch, objectLabels: ch.objectLabels.filter((l) => !moving.has(l)) }));
  if (input.channelKey !== NO_CHANNEL) {
    let target = next.find((ch) => ch.key === input.channelKey);
    if (!target) {
      if (!input.channelName)
        throw new ServiceError("validation_failed", "A new channel needs a name", { errors: { channelName: ["required for a new channel"] } });
      target = { key: input.channelKey, name: input.channelName, objectLabels: [] };
      next.push(target);
    } else if (input.channelName) target.name = input.channelName;
    target.objectLabels.push(...moving);
    if (input.areaPlaces) target.areaPlaces = { ...target.areaPlaces, ...input.areaPlaces };
    if (input.protected === true) target.protected = true;
    else if (input.protected === false) delete target.protected;
  } else if (input.areaPlaces) {
    throw new ServiceError("validation_failed", "Places are set aside for a channel, not for the open pool", { errors: { channelKey: ["choose a channel"] } });
  } else if (input.protected !== undefined) {
    throw new ServiceError("validation_failed", "The open pool is every buyer's: only a channel can be protected", {
      errors: { channelKey: ["choose a channel"] },
    });
  }
  return callEvent(env, scope, eventKey, (event) => event.setChannels({ channels: next }));
}
