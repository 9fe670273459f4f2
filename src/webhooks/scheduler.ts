import { DurableObject } from "cloudflare:workers";
import { db } from "../db/client";
import { dueDeliveries, earliestDue, redriveDeliveries } from "../db/webhooks";
import { enqueueDeliveries } from "./queue";
import { redriveMs } from "../domain/webhook-redrive";

/** Deliveries re-driven per alarm run; the alarm comes back at once for more. */
const REDRIVE_BATCH = 200;

/**
 * The durable clock behind one webhook endpoint's pending deliveries. Queue messages can be lost
 * (the local dev queue keeps them in memory; a consumer can die between writing a delivery and
 * queueing its attempt), so every pending delivery carries a `due_at` in D1 and its endpoint's
 * scheduler holds an alarm no later than the earliest of them. When it fires, every delivery
 * still pending past its `due_at` is queued again. Duplicates are possible (and carry the same
 * evt_ id); a pending delivery that nobody drives is not.
 */
export class DeliveryScheduler extends DurableObject<Env> {
  /** Makes sure the endpoint's alarm runs no later than `dueAt` (epoch ms). */
  async wake(endpointId: string, dueAt: number): Promise<void> {
    if ((await this.ctx.storage.get<string>("endpoint")) === undefined) await this.ctx.storage.put("endpoint", endpointId);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > dueAt) await this.ctx.storage.setAlarm(dueAt);
  }

  /** Queues every overdue pending delivery of the endpoint again, then re-arms for the next one. */
  override async alarm(): Promise<void> {
    const endpointId = await this.ctx.storage.get<string>("endpoint");
    if (endpointId === undefined) return;
    const d = db(this.env);
    const now = Date.now();
    const ids = await dueDeliveries(d, endpointId, now, REDRIVE_BATCH);
    if (ids.length > 0) {
      // Pushed out first: a crash between the two steps re-drives them again later rather than never.
      await redriveDeliveries(d, ids, now + redriveMs(this.env));
      await enqueueDeliveries(this.env, ids);
    }
    const next = ids.length === REDRIVE_BATCH ? now : await earliestDue(d, endpointId);
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, now));
  }
}

/** The scheduler of an endpoint. */
export function schedulerOf(env: Pick<Env, "DELIVERY_SCHEDULER">, endpointId: string): DurableObjectStub<DeliveryScheduler> {
  return env.DELIVERY_SCHEDULER.get(env.DELIVERY_SCHEDULER.idFromName(endpointId));
}

/** Wakes the schedulers of these endpoints for deliveries that become overdue at `dueAt`. */
export async function wakeSchedulers(env: Pick<Env, "DELIVERY_SCHEDULER">, endpointIds: Iterable<string>, dueAt: number): Promise<void> {
  await Promise.all([...new Set(endpointIds)].map((id) => schedulerOf(env, id).wake(id, dueAt)));
}
