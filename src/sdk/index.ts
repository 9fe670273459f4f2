/**
 * Entry of the classic-script build (`seating.js`): esbuild wraps this module in an IIFE assigned to
 * the global `Seating`, so `new Seating.SeatingChart(…)` works from a plain <script> tag.
 */
import { setScriptOrigin } from "./origin";

// Only readable while this script is being executed, hence at the top level.
setScriptOrigin(typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : null);

export { SeatingChart } from "./chart";
export { SDK_VERSION as version } from "./version";
export type * from "./types";
