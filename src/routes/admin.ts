import { createRoute, z } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "../domain/scope";
import { adminAuth } from "../http/admin-auth";
import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";
import { configuredOrigin } from "../dashboard/config";
import { createSignInLink } from "../dashboard/sessions";
import {
  createWorkspace,
  DEFAULT_KEY_GRACE_SECONDS,
  getWorkspace,
  issueSecretKey,
  MAX_KEY_GRACE_SECONDS,
  rotatePublicKey,
  secretKeyIssuedAt,
  workspaceIdOf,
} from "../workspaces/provision";
import { errorResponses } from "../http/openapi";
import { signInTargetSchema } from "../domain/members";
import { adminMembers } from "./admin-members";

/**
 * The operator API (docs/deploy.md#operator-api-and-cli), mounted at /admin/v1: provisions workspaces and their keys.
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
    ...errorResponses(401, 404, 409),
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
  const id = await workspaceIdOf(c.env, workspaceKey);
  if (id === null) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  // For the audit trail: a first key is "created", a replaced one "rotated".
  c.set("auditNote", { rotated: (await secretKeyIssuedAt(c.env, id, environment)) !== null });
  return c.json(await issueSecretKey(c.env, id, environment), 201);
});

const rotatePublicKeyRoute = createRoute({
  method: "post",
  path: "/workspaces/{workspaceKey}/public-keys/{environment}/rotate",
  operationId: "rotatePublicKey",
  tags: ["Operator"],
  summary: "Rotate an environment's publishable key",
  description: `Issues a new publishable key for the environment. The previous one (and the waiting-room admissions and channel passes signed while it was current) keeps working for graceSeconds (0..${MAX_KEY_GRACE_SECONDS}, default ${DEFAULT_KEY_GRACE_SECONDS}: a day), then answers 401. Put the new key in your pages within the grace period.`,
  security,
  request: {
    params: WorkspaceKeyParam.extend({
      environment: z.enum(ENVIRONMENTS).openapi({ param: { name: "environment", in: "path" } }),
    }),
    body: {
      content: {
        "application/json": {
          schema: z
            .object({ graceSeconds: z.number().int().min(0).max(MAX_KEY_GRACE_SECONDS).optional() })
            .strict()
            .openapi("RotatePublicKey"),
        },
      },
      required: false,
    },
  },
  responses: {
    200: {
      description: "The new publishable key",
      content: {
        "application/json": {
          schema: z
            .object({
              publicKey: z.string().openapi({ example: "pk_live_…" }),
              previousKeyValidUntil: z.string().openapi({ format: "date-time", description: "When the previous key stops working" }),
            })
            .openapi("RotatedPublicKey"),
        },
      },
    },
    ...errorResponses(400, 401, 404),
  },
});

admin.openapi(rotatePublicKeyRoute, async (c) => {
  const { workspaceKey, environment } = c.req.valid("param");
  const { graceSeconds } = c.req.valid("json");
  const id = await workspaceIdOf(c.env, workspaceKey);
  if (id === null) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  return c.json(await rotatePublicKey(c.env, id, environment, graceSeconds ?? DEFAULT_KEY_GRACE_SECONDS), 200);
});

const dashboardLinkRoute = createRoute({
  method: "post",
  path: "/workspaces/{workspaceKey}/dashboard-links",
  operationId: "createDashboardLink",
  tags: ["Operator"],
  summary: "Create a one-time sign-in link to the workspace's dashboard for a member",
  description:
    "Signs in the member named by `memberId` or `email`; without a body, the workspace's first owner (owner@<workspaceKey>). " +
    "Opening the link shows a page with a Continue button, whose POST spends the link and starts a session of that member (ending after the idle timeout, 30 minutes by default, or 12 hours in all). " +
    "The link works once, within 15 minutes. Its origin is the DASHBOARD_ORIGIN var when set, else the origin this request reached.",
  security,
  request: {
    params: WorkspaceKeyParam,
    body: { content: { "application/json": { schema: signInTargetSchema } }, required: false },
  },
  responses: {
    201: {
      description: "The sign-in link",
      content: {
        "application/json": {
          schema: z
            .object({
              url: z.string().openapi({ example: "https://seats.example.com/dashboard/sign-in?token=…" }),
              expiresAt: z.string().openapi({ format: "date-time" }),
              memberId: z.string().openapi({ description: "The member the link signs in" }),
            })
            .openapi("DashboardLink"),
        },
      },
    },
    ...errorResponses(400, 401, 404),
  },
});

admin.openapi(dashboardLinkRoute, async (c) => {
  const { workspaceKey } = c.req.valid("param");
  const origin = configuredOrigin(c.env) ?? new URL(c.req.url).origin;
  return c.json(await createSignInLink(c.env, workspaceKey, origin, c.req.valid("json") ?? {}), 201);
});

admin.route("/", adminMembers);
