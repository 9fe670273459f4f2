import type { WebhookMessage } from "../domain/webhook-messages";

/** `sendBatch` accepts at most 100 messages. */
const SEND_BATCH_MAX = 100;

/** Sends one `deliver` message per delivery, optionally delayed. */
export async function enqueueDeliveries(env: Pick<Env, "WEBHOOKS">, deliveryIds: string[], delaySeconds?: number): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += SEND_BATCH_MAX) {
    const chunk = deliveryIds
      .slice(i, i + SEND_BATCH_MAX)
      .map((deliveryId) => ({ body: { kind: "deliver", deliveryId } satisfies WebhookMessage, delaySeconds }));
    await env.WEBHOOKS.sendBatch(chunk);
  }
}
