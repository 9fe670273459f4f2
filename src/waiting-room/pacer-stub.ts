import type { AdmissionScope } from "./admission";
import { roomName } from "./room-names";

/**
 * The stub of an event room's pacer, for the room's operations; its type comes from the binding's
 * declaration (worker-configuration.d.ts). A shard reaches the pacer through a binding of its own
 * (waiting-room-shard.ts), so that the pacer and the shards, which call each other, do not import
 * each other.
 */
export function pacerStub(env: Pick<Env, "WAITING_ROOM_PACERS">, scope: AdmissionScope) {
  return env.WAITING_ROOM_PACERS.get(env.WAITING_ROOM_PACERS.idFromName(roomName(scope)));
}
