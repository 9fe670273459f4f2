/**
 * The checks a SeatingChart's configuration passes before the chart does anything.
 */
import type { SeatingChartConfig } from "./types";

/** Throws unless `config` names a container, a publishable key and an event. */
export function checkConfig(config: SeatingChartConfig): void {
  if (!config || typeof config.divId !== "string" || typeof config.publicKey !== "string" || typeof config.event !== "string") {
    throw new TypeError("SeatingChart needs divId, publicKey and event");
  }
}
