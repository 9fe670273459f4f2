/**
 * The browser build's stand-in for `@hono/zod-openapi` (scripts/build-dashboard.mjs aliases it):
 * the layout schema (src/domain/layout-schema.ts) is bundled into the designer as it is, and its
 * `.openapi(…)` documentation calls become no-ops, so the browser gets zod's schemas and the
 * rules, not the OpenAPI generator, zod's JSON-schema tools or its forty locales (English only).
 * The Worker keeps the real package.
 */
import { config, NEVER } from "zod/v4/core";
import en from "../../node_modules/zod/v4/locales/en.js";
import * as schemas from "../../node_modules/zod/v4/classic/schemas.js";

config(en());

type Documented = { openapi?: (...args: unknown[]) => unknown };
const proto = schemas.ZodType.prototype as unknown as Documented;
if (typeof proto.openapi !== "function")
  proto.openapi = function (this: unknown) {
    return this;
  };

export const z = { ...schemas, NEVER };
