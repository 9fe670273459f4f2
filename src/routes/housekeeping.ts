import { pruneAuditLog } from "../workspaces/audit-log";

/**
 * What the Worker's daily cron trigger (wrangler.toml `[triggers]`) does: records of the audit
 * trail older than 400 days are deleted, in bounded chunks (contract §18). A missed day is made up
 * the next: the cut-off is always "400 days before now". Nothing else deletes an audit record.
 */
export async function housekeeping(env: Env, now: number = Date.now()): Promise<void> {
  const deleted = await pruneAuditLog(env, now);
  if (deleted > 0) console.log(`housekeeping: ${deleted} audit records past their retention deleted`);
}
