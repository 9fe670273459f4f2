/**
 * The `evt_` id of a webhook event (docs/webhooks.md#the-envelope): the receiver's idempotency key,
 * fixed when the event is made and carried unchanged by every retry and replay. A seat's change in
 * its event's outbox, a chart change and a test delivery are named by this one generator; an
 * audit record's event takes its id from the record instead (webhook-messages.ts), so one record
 * can never become two events.
 */

/** Characters of an id: 0-9, A-Z, a-z. */
const ALPHABET = Uint8Array.from("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", (c) => c.charCodeAt(0));
/** Random characters after the prefix: 24 of 62, about 143 bits. */
const LENGTH = 24;

/**
 * A new `evt_` id. Made as one string from its character codes (every hold sends an event); bytes
 * of 248 and above are skipped, since 248 is the largest multiple of 62 below 256 and taking them
 * would make some characters likelier than others.
 */
export function newEventId(): string {
  const codes = new Uint8Array(LENGTH);
  let n = 0;
  while (n < LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(LENGTH + 8))) {
      if (b >= 248) continue;
      codes[n++] = ALPHABET[b % 62]!;
      if (n === LENGTH) break;
    }
  }
  return "evt_" + String.fromCharCode(...codes);
}
