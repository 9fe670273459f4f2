import type { AdmissionScope } from "./admission";
import { roomName } from "./room-names";

/** The stub of one of an event room's queue shards (for the pacer and the room's operations); its type comes from the binding's declaration. */
export function shardStub(env: Pick<Env, "WAITING_ROOM_SHARDS">, scope: AdmissionScope, shard: number) {
  return env.WAITING_ROOM_SHARDS.get(env.WAITING_ROOM_SHARDS.idFromName(`${roomName(scope)}:${shard}`));
}
