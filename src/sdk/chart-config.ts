/**
 * The checks a SeatingChart's configuration passes before the chart does anything: the required
 * fields, and the kind of key.
 *
 * A secret key (`sk_…`) would work on the routes the map calls, so nothing downstream would ever
 * complain: the integrator would ship a page that hands every buyer a key that books, releases and
 * reads everything. The SDK refuses it in the constructor, before any request leaves the page, and
 * says which key belongs there. The key itself is never repeated in the message, which may end up
 * in an error tracker.
 */
import type { SeatingChartConfig } from "./types";

/** The message of the error thrown for a secret key. */
export const SECRET_KEY_REFUSED = "SeatingChart was given a secret key (sk_…): use your publishable key (pk_…); a secret key must never reach a browser.";

/** Whether `key` is a secret key (sandbox or production), whatever follows the prefix. */
export const isSecretKey = (key: string) => key.trim().startsWith("sk_");

/** Throws unless `config` names a container, a publishable key and an event or a season. */
export function checkConfig(config: SeatingChartConfig): void {
  if (
    !config ||
    typeof config.divId !== "string" ||
    typeof config.publicKey !== "string" ||
    (typeof config.event !== "string" && typeof config.season !== "string")
  ) {
    throw new TypeError("SeatingChart needs divId, publicKey and event (or season)");
  }
  if (isSecretKey(config.publicKey)) throw new Error(SECRET_KEY_REFUSED);
}
