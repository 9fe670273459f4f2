import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { validationHook } from "./validation";

/**
 * A sub-app for one resource. Every router is made here so that each one turns zod failures into
 * the service's error envelope.
 */
export function newRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
