/** Default of `WEBHOOK_REDRIVE_SECONDS` (see wrangler.toml). */
const DEFAULT_REDRIVE_SECONDS = 60;

/**
 * How long a hand-over between two stages of webhook delivery may take before the earlier stage
 * assumes it was lost and does it again: an outbox row sent to the queue but not confirmed by the
 * consumer, or a delivery queued for an attempt that has not happened. Longer than a healthy
 * queue ever takes (duplicates are allowed but wasteful), short enough that a crash costs seconds
 * of delay, not an event. `WEBHOOK_REDRIVE_SECONDS` overrides it (tests and the crash test use a few seconds).
 * The event object's outbox and the webhook pipeline both keep to it, so it is part of the protocol
 * between them. It asks for that one variable, not for the Worker's Env type, which the vocabulary
 * does not know.
 */
export function redriveMs(env: { WEBHOOK_REDRIVE_SECONDS?: string }): number {
  const n = Number(env.WEBHOOK_REDRIVE_SECONDS);
  return (Number.isFinite(n) && n > 0 ? n : DEFAULT_REDRIVE_SECONDS) * 1000;
}
