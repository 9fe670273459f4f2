import { db } from "../db/client";
import { deleteDeliveriesBefore, deleteManualSendsBefore, deleteUnusedExtraData } from "../db/webhook-limits";
import { MANUAL_SEND_WINDOW_MS } from "./endpoints";

/**
 * How long the delivery log lives (docs/security.md): a delivery and its attempts are deleted 30 days
 * after the delivery was created (one still being retried waits until it settles). The Worker's
 * cron trigger (wrangler.toml `[triggers]`, hourly) runs {@link pruneWebhookLog}; each run deletes in
 * bounded batches, so a backlog (the first run after an upgrade) is worked off over a few runs
 * without one long D1 statement. Deleting an endpoint deletes its log at once (foreign keys).
 */

export const DELIVERY_RETENTION_DAYS = 30;
const RETENTION_MS = DELIVERY_RETENTION_DAYS * 86_400_000;
/** How long an extraData text no delivery names is kept after its last use: a fan-out still writing names it again. */
const EXTRA_DATA_GRACE_MS = 86_400_000;
/** Deliveries deleted per statement, and statements per run. */
const BATCH = 500;
const BATCHES_PER_RUN = 40;

/** Deletes what is past retention at `now`; answers how many deliveries went. */
export async function pruneWebhookLog(env: Env, now = Date.now()): Promise<number> {
  const d = db(env);
  const before = new Date(now - RETENTION_MS).toISOString();
  let deleted = 0;
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const n = await deleteDeliveriesBefore(d, before, BATCH);
    deleted += n;
    if (n < BATCH) break;
  }
  await deleteManualSendsBefore(d, now - MANUAL_SEND_WINDOW_MS);
  // extraData texts no delivery names any more (their deliveries deleted above, or with their endpoint).
  for (let i = 0; i < BATCHES_PER_RUN && (await deleteUnusedExtraData(d, now - EXTRA_DATA_GRACE_MS, BATCH)) === BATCH; i++);
  return deleted;
}
