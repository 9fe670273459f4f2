/**
 * extraData kept once per request (docs/security.md): the text forms that let a stored row name a
 * hold's extraData instead of carrying a copy per seat, and give the exact same JSON back.
 *
 * - A webhook event (an outbox row, a delivery's envelope) is stored with `"extraData":null` and
 *   the extraData kept apart; {@link withExtraData} puts it back into the text, byte for byte what
 *   encoding the event with it would have given.
 * - A stored answer (an Idempotency-Key's, a season action's part in an event) lists many objects,
 *   each with its extraData, usually the same one: {@link packExtraData} keeps each distinct value
 *   once and {@link unpackExtraData} gives the answer back.
 */

const NULL_EXTRA = '"extraData":null';

/**
 * The JSON text of an event stored without its extraData, with it put back. The first
 * `"extraData":null` of the text is the event's own: every value before it is a string or number
 * that JSON encodes with its quotes escaped, so the sequence cannot occur inside one.
 *
 * @example withExtraData('{"id":"evt_1","data":{"object":{"extraData":null}}}', '{"order":"A1"}')
 */
export function withExtraData(eventJson: string, extraJson: string | null): string {
  if (extraJson === null) return eventJson;
  const at = eventJson.indexOf(NULL_EXTRA);
  if (at < 0) return eventJson;
  return `${eventJson.slice(0, at)}"extraData":${extraJson}${eventJson.slice(at + NULL_EXTRA.length)}`;
}

/** The head of a packed text: nothing else a store writes starts with it (answers start with their own keys). */
const PACKED = '{"$extraData":';

/**
 * The JSON text of `value` with every `extraData` object replaced by the index of its text in one
 * list kept beside it, so ten thousand objects with the same extraData store it once. A value
 * without any extraData object is its plain JSON text.
 */
export function packExtraData(value: unknown): string {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const body = JSON.stringify(value, function (key, v: unknown) {
    if (key !== "extraData" || v === null || typeof v !== "object") return v;
    const text = JSON.stringify(v);
    let i = index.get(text);
    if (i === undefined) {
      index.set(text, (i = texts.length));
      texts.push(text);
    }
    return i;
  });
  return texts.length === 0 ? body : `${PACKED}[${texts.join(",")}],"value":${body}}`;
}

/** Whether a text is a {@link packExtraData} text with its extraData kept apart (not plain JSON). */
export function isPackedExtraData(text: string): boolean {
  return text.startsWith(PACKED);
}

/** The value a text of {@link packExtraData} (or plain JSON written before it) stands for. */
export function unpackExtraData<T>(text: string): T {
  if (!isPackedExtraData(text)) return JSON.parse(text) as T;
  const packed = JSON.parse(text) as { $extraData: unknown[]; value: unknown };
  return restore(packed.value, packed.$extraData) as T;
}

/** Puts each indexed extraData back. The restored values are not walked again: their own `extraData` keys are the integrator's. */
function restore(value: unknown, extras: readonly unknown[]): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restore(value[i], extras);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    obj[key] = key === "extraData" && typeof v === "number" ? extras[v] : restore(v, extras);
  }
  return obj;
}
