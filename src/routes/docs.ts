import { newRouter } from "../http/app-factory";

/** Placeholder until the resource is built. */
export const docs = newRouter();
