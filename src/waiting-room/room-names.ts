import type { AdmissionScope } from "./admission";

/**
 * The objects of an event's waiting room: one pacer and SHARD_COUNT queue shards, named by the
 * event's scope so the same key in another environment or workspace is another room. None of them
 * is the event's own object: joining and polling never reach it.
 */

/** Everything a shard needs to answer on its own: the event, its configuration (epoch ms) and its index. */
export interface ShardConfig {
  scope: AdmissionScope;
  /** The id of this creation of the event (its D1 row), signed into every admission. */
  eventId: string;
  enabled: boolean;
  opensAt: number;
  admitPerMinute: number;
  sessionMinutes: number;
  shard: number;
}

/** The name of an event's room: its pacer's, and with a shard's index its shards'. */
export function roomName(scope: AdmissionScope): string {
  return `${scope.workspaceId}:${scope.environment}:${scope.eventKey}`;
}
