import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./http/context";
import { dashboard } from "./dashboard";
import { door, onApiError, onNotFound } from "./http/pipeline";
import { auditTrail } from "./http/audit-trail";
import { ADMIN_AUDITED, API_AUDITED } from "./http/audit-routes";
import { apiKeyActor, notASecretKey, operatorActor } from "./http/audit-doors";
import { completeDocument } from "./http/openapi-document";
import { validationHook } from "./http/validation";
import { RouteMemo } from "./http/route-memo";
import { admin } from "./routes/admin";
import { charts } from "./routes/charts";
import { demo } from "./routes/demo";
import { docs } from "./routes/docs";
import { withExamples } from "./routes/openapi-examples";
import { eventLive, events } from "./routes/events";
import { seasons } from "./routes/seasons";
import { sdk } from "./routes/sdk";
import { webhooks } from "./routes/webhooks";
import { auditLog } from "./routes/audit-log";
import { SERVER_VERSION } from "./http/version";

/**
 * Builds the Worker's HTTP application, its one door (http/pipeline.ts): one sub-app per resource,
 * one error envelope for every failure, and the OpenAPI document generated from the routes' zod
 * schemas.
 */
export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new RouteMemo() });

  // First of all, so that every answer has it: 404s, errors and preflights included.
  app.use("*", door());
  // The audit trail (docs/team.md): each door records its changes once they succeeded.
  app.use("/api/v1/*", auditTrail(API_AUDITED, apiKeyActor, notASecretKey));
  app.use("/admin/v1/*", auditTrail(ADMIN_AUDITED, operatorActor));

  app.route("/admin/v1", admin);
  app.route("/api/v1/charts", charts);
  // The live socket authenticates from its query string; mounted first, it answers before the
  // events router's header authentication would run.
  app.route("/api/v1/events", eventLive);
  app.route("/api/v1/events", events);
  app.route("/api/v1/seasons", seasons);
  app.route("/api/v1/webhooks", webhooks);
  app.route("/api/v1/audit-log", auditLog);
  app.route("/sdk", sdk);
  // The workspace console (docs/dashboard.md): its own sign-in, pages and data routes; never an API key.
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
  // The generated document, completed with what routes cannot declare (http/openapi-document.ts)
  // and an example of every request and answer (routes/openapi-examples/).
  app.get("/openapi.json", (c) => c.json(withExamples(completeDocument(app.getOpenAPI31Document(openApiConfig), new URL(c.req.url).origin))));

  app.notFound(onNotFound);
  app.onError(onApiError);

  return app;
}
