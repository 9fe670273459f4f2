/**
 * Small statistics helpers. Latencies are kept as float milliseconds in plain arrays: autocannon's
 * own histogram records whole milliseconds, which is too coarse for a 5 ms target.
 */

/** The p-th percentile (0..100) of a list of numbers, nearest-rank; NaN for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Mean; NaN for an empty list. */
export function mean(values) {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Median of a list (used to summarise repeated rounds). */
export function median(values) {
  return percentile(values, 50);
}

/** p50/p90/p99/max/mean of latencies in ms. */
export function summarise(latencies) {
  return {
    count: latencies.length,
    mean: mean(latencies),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies.reduce((a, b) => (b > a ? b : a), -Infinity) : Number.NaN,
  };
}

/** Formats milliseconds with a precision that suits the magnitude. */
export function ms(value) {
  if (!Number.isFinite(value)) return "n/a";
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value)} ms`;
}

/** Formats a rate per second. */
export function perSecond(value, unit = "/s") {
  if (!Number.isFinite(value)) return "n/a";
  return `${Math.round(value).toLocaleString("en-US")}${unit}`;
}

/** Formats a byte count. */
export function bytes(value) {
  if (!Number.isFinite(value)) return "n/a";
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${(value / 1024 / 1024).toFixed(2)} MiB`;
}

/** A ratio with two decimals and an "x". */
export function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return "n/a";
  return `${(a / b).toFixed(2)}x`;
}
