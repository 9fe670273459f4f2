import { createRoute, z } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "../domain/scope";
import { adminAuth } from "../http/admin-auth";
import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";
import { configuredOrigin } from "../dashboard/config";
import { createSignInLink } from "../dashboard/sessions";
import { createWorkspace, getWorkspace, issueSecretKey } from "../workspaces/provision";
import { errorResponses } from "../http/openapi";

/**
 * The operator API (contract §1), mounted at /admin/v1: provisions workspaces and their keys.
 * It is authorised by the deployment's ADMIN_TOKEN, never by an API key, and disappears (404)
 * when no token is configured.
 */
export const admin = newRouter();

admin.use("*", adminAuth());

const security = [{ AdminToken: [] }];

const WorkspaceSchema = z
  .object({
    workspaceKey: z.string().openapi({ example: "ws_3kTq9bX2mN8pL4vR7sW1" }),
    name: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
    publicKeys: z.object({
      production: z.string().openapi({ example: "pk_live_…" }),
      sandbox: z.string().openapi({ example: "pk_test_…" }),
    }),
  })
  .openapi("Workspace");

const SecretKeySchema = z
  .object({
    environment: z.enum(ENVIRONMENTS),
    secretKey: z.string().openapi({ description: "Shown once; only its hash is stored", example: "sk_test_…" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("SecretKey");

const WorkspaceKeyParam = z.object({
  workspaceKey: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: "workspaceKey", in: "path" } }),
});

const createWorkspaceRoute = createRoute({
  method: "post",
  path: "/workspaces",
  operationId: "createWorkspace",
  tags: ["Operator"],
  summary: "Create a workspace with its two publishable keys",
  security,
  request: {
    body: {
      content: { "application/json": { schema: z.object({ name: z.string().min(3).max(255) }).openapi("CreateWorkspace") } },
      required: true,
    },
  },
  responses: {
    201: { description: "The new workspace", content: { "application/json": { schema: WorkspaceSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

admin.openapi(createWorkspaceRoute, async (c) => {
  const { name } = c.req.valid("json");
  const { id: _id, ...ws } = await createWorkspace(c.env, name);
  return c.json(ws, 201);
});

const getWorkspaceRoute = createRoute({
  method: "get",
  path: "/workspaces/{workspaceKey}",
  operationId: "getWorkspace",
  tags: ["Operator"],
  summary: "Read a workspace and its publishable keys (never a secret key)",
  security,
  request: { params: WorkspaceKeyParam },
  responses: {
    200: { description: "The workspace", content: { "application/json": { schema: WorkspaceSchema } } },
    ...errorResponses(401, 404),
  },
});

admin.openapi(getWorkspaceRoute, async (c) => {
  const { workspaceKey } = c.req.valid("param");
  const found = await getWorkspace(c.env, workspaceKey);
  if (!found) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  const { id: _id, ...ws } = found;
  return c.json(ws, 200);
});

const issueSecretKeyRoute = createRoute({
  method: "post",
  path: "/workspaces/{workspaceKey}/secret-keys/{environment}",
  operationId: "createSecretKey",
  tags: ["Operator"],
  summary: "Create or rotate an environment's secret key",
  description: "Returns the new plaintext once. A previous secret key of the environment stops working from the very next request.",
  security,
  request: {
    params: WorkspaceKeyParam.extend({
      environment: z.enum(ENVIRONMENTS).openapi({ param: { name: "environment", in: "path" } }),
    }),
  },
  responses: {
    201: { description: "The new secret key", content: { "application/json": { schema: SecretKeySchema } } },
    ...errorResponses(400, 401, 404),
  },
});

admin.openapi(issueSecretKeyRoute, async (c) => {
  const { workspaceKey, environment } = c.req.valid("param");
  const ws = await getWorkspace(c.env, workspaceKey);
  if (!ws) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  return c.json(await issueSecretKey(c.env, ws.id, environment), 201);
});

const dashboardLinkRoute = createRoute({
  method: "post",
  path: "/workspaces/{workspaceKey}/dashboard-links",
  operationId: "createDashboardLink",
  tags: ["Operator"],
  summary: "Create a one-time sign-in link to the workspace's dashboard",
  description:
    "The link works once, within 15 minutes, and starts a dashboard session of up to 12 hours. Its origin is the DASHBOARD_ORIGIN var when set, else the origin this request reached.",
  security,
  request: { params: WorkspaceKeyParam },
  responses: {
    201: {
      description: "The sign-in link",
      content: {
        "application/json": {
          schema: z
            .object({
              url: z.string().openapi({ example: "https://seats.example.com/dashboard/sign-in?token=…" }),
              expiresAt: z.string().openapi({ format: "date-time" }),
            })
            .openapi("DashboardLink"),
        },
      },
    },
    ...errorResponses(401, 404),
  },
});

admin.openapi(dashboardLinkRoute, async (c) => {
  const { workspaceKey } = c.req.valid("param");
  const origin = configuredOrigin(c.env) ?? new URL(c.req.url).origin;
  return c.json(await createSignInLink(c.env, workspaceKey, origin), 201);
});
