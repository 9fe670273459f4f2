/**
 * What may reach the Worker's logs (docs/security.md): never an API key, a webhook secret, a hold token
 * or an SQL parameter. Logs are read by more people, and kept longer, than the data they describe.
 *
 * Every log line of the service goes through {@link logError}. It writes the error as text it
 * built itself (never the error object, whose own fields the runtime would print: drizzle's query
 * errors carry their parameters, webhook secrets and keys among them), drops the parameter list
 * drizzle puts in its message, and masks anything shaped like a key, a secret or a bearer token.
 * Hold tokens have no shape to recognise: no log line is written with a request's body, a query
 * string or an object's rows, so none can carry one.
 */

const MASKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:pk|sk)_(?:live|test)_[0-9A-Za-z]+/g, "[api key]"],
  [/\bwhsec_[0-9A-Za-z]+/g, "[webhook secret]"],
  [/\b(Bearer\s+|token=|secret=|key=)[^\s&"',;]+/gi, "$1[redacted]"],
];

/** The depth to which an error's causes are followed. */
const MAX_CAUSES = 3;

/** `text` with drizzle's parameter list cut off and every secret-shaped value masked. */
export function scrubLogText(text: string): string {
  // drizzle: "Failed query: <sql>\nparams: <values>" — the statement is useful, its values are data.
  let out = text.replace(/\n\s*params:[\s\S]*$/i, "\nparams: [not logged]");
  for (const [pattern, mask] of MASKS) out = out.replace(pattern, mask);
  return out;
}

/** An error as loggable text: its name, scrubbed message, stack frames and causes; never its own fields. */
export function describeError(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return scrubLogText(typeof err === "string" ? err : `${typeof err} thrown`);
  // The stack's first lines repeat the message (params included): keep only its frames.
  const frames = (err.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at\s/.test(line))
    .slice(0, 12);
  // Some libraries' errors keep the generic name; their class says more.
  const name = err.name === "Error" && err.constructor.name ? err.constructor.name : err.name;
  let text = scrubLogText(`${name}: ${err.message}`);
  if (frames.length > 0) text += `\n${scrubLogText(frames.join("\n"))}`;
  if (err.cause !== undefined && depth < MAX_CAUSES) text += `\ncaused by ${describeError(err.cause, depth + 1)}`;
  return text;
}

/**
 * Logs a failure: what was being done (a fixed sentence, no request data), optional plain figures
 * or ids, and the error as {@link describeError} writes it.
 *
 * @example logError("webhooks: message failed, will retry", err, message.id);
 */
export function logError(what: string, err?: unknown, ...figures: (string | number)[]): void {
  const parts: (string | number)[] = [scrubLogText(what), ...figures.map((f) => (typeof f === "string" ? scrubLogText(f) : f))];
  if (err !== undefined) parts.push(describeError(err));
  console.error(...parts);
}
