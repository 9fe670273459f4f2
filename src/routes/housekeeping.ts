import { pruneWebhookLog } from "../webhooks/retention";
import { pruneAuditLog } from "../workspaces/audit-log";

/**
 * What the Worker's hourly cron trigger (wrangler.toml `[triggers]`) does: webhook deliveries and
 * their attempts older than 30 days (docs/webhooks.md) and audit-trail records older than 400 days
 * (docs/team.md) are deleted, each in bounded chunks. A missed run is made up by the next: each
 * cut-off is always "so many days before now". Nothing else deletes an audit record.
 */
export async function housekeeping(env: Env, now: number = Date.now()): Promise<void> {
  const [deliveries, audit] = await Promise.all([pruneWebhookLog(env, now), pruneAuditLog(env, now)]);
  if (deliveries > 0 || audit > 0) console.log(`housekeeping: ${deliveries} webhook deliveries and ${audit} audit records past their retention deleted`);
}
