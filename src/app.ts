import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./http/context";
import { dashboard } from "./dashboard";
import { apiCors } from "./http/cors";
import { ApiError, asApiError, errorResponse } from "./http/errors";
import { completeDocument } from "./http/openapi-document";
import { serverTiming } from "./http/server-timing";
import { malformedJsonError, validationHook } from "./http/validation";
import { admin } from "./routes/admin";
import { charts } from "./routes/charts";
import { demo } from "./routes/demo";
import { docs } from "./routes/docs";
import { eventLive, events } from "./routes/events";
import { sdk } from "./routes/sdk";
import { webhooks } from "./routes/webhooks";
import { SERVER_VERSION } from "./version";

/**
 * Builds the Worker's HTTP application: one sub-app per resource, one error envelope for every
 * failure, and the OpenAPI document generated from the routes' zod schemas.
 */
export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // Browsers call the public API from ticketing sites on other origins with a publishable key.
  app.use("/api/*", serverTiming());
  app.use("/api/*", apiCors());

  app.route("/admin/v1", admin);
  app.route("/api/v1/charts", charts);
  // The live socket authenticates from its query string; mounted first, it answers before the
  // events router's header authentication would run.
  app.route("/api/v1/events", eventLive);
  app.route("/api/v1/events", events);
  app.route("/api/v1/webhooks", webhooks);
  app.route("/sdk", sdk);
  // The workspace console (contract §10): its own sign-in, pages and data routes; never an API key.
  app.route("/dashboard", dashboard);
  app.route("/", docs);
  app.route("/", demo);

  // The OpenAPI document lives on the root app: only there does the registry see every sub-app's routes.
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "A publishable (pk_live_/pk_test_) or secret (sk_live_/sk_test_) key",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "AdminToken", {
    type: "http",
    scheme: "bearer",
    description: "The deployment's ADMIN_TOKEN (operator API only)",
  });
  const openApiConfig = {
    openapi: "3.1.0",
    info: {
      title: "Seat reservation service",
      version: SERVER_VERSION,
      description: "Charts, events, seat and general-admission holds and bookings, and webhooks. Every error uses one JSON envelope.",
    },
    security: [{ ApiKey: [] }],
  };
  // The generated document, completed with what routes cannot declare (http/openapi-document.ts).
  app.get("/openapi.json", (c) => c.json(completeDocument(app.getOpenAPI31Document(openApiConfig), new URL(c.req.url).origin)));

  app.notFound(() => {
    throw new ApiError("not_found", "No such route");
  });

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      const mapped = fromHttpException(err);
      if (mapped) return errorResponse(c, mapped);
    }
    return errorResponse(c, asApiError(err));
  });

  return app;
}

/**
 * Hono and its validators throw HTTPException for requests they refuse before our handlers run
 * (a body that is not JSON, a non-JSON content type). Each becomes the envelope with our code.
 */
function fromHttpException(err: HTTPException): ApiError | null {
  switch (err.status) {
    case 400:
      return malformedJsonError(err.message || undefined);
    case 413:
      return new ApiError("payload_too_large", "The request body is too large");
    case 415:
      return new ApiError("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
    default:
      return null;
  }
}
