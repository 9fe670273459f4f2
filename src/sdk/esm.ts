/**
 * Entry of the ES module build (`seating.mjs`): `import { SeatingChart } from ".../seating.mjs"`.
 */
import { setScriptOrigin } from "./origin";

setScriptOrigin(import.meta.url);

export { SeatingChart } from "./chart";
export { SDK_VERSION as version } from "./version";
export type * from "./types";
