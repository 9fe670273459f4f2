import { newRouter } from "../http/app-factory";

/** The demo page at `/` (placeholder until the browser SDK lands). */
export const demo = newRouter();
