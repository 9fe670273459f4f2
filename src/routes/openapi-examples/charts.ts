/** Examples of the operator API and the chart operations. */
import { refusal } from "./refusals";
import { CHART, CHART_KEY, CREATED, LAYOUT, NOW, WORKSPACE_KEY } from "./samples";
import type { ExampleTable } from "./types";

const WORKSPACE = {
  workspaceKey: WORKSPACE_KEY,
  name: "Grand Theatre",
  createdAt: CREATED,
  publicKeys: { production: "pk_live_9Rm2KxT4vLq8Wn3Zc7Hb5Df1", sandbox: "pk_test_4Hd8Qz2Lm6Xr9Tv1Wb5Kc3Ng" },
};

export const ADMIN_EXAMPLES: ExampleTable = {
  createWorkspace: { request: { name: "Grand Theatre" }, responses: { "201": WORKSPACE } },
  getWorkspace: { params: { workspaceKey: WORKSPACE_KEY }, responses: { "200": WORKSPACE } },
  createSecretKey: {
    params: { workspaceKey: WORKSPACE_KEY, environment: "sandbox" },
    responses: { "201": { environment: "sandbox", secretKey: "sk_test_7Vb3Nq9Lx2Rk5Tm8Wz4Hc6Jd", createdAt: NOW } },
  },
  rotatePublicKey: {
    params: { workspaceKey: WORKSPACE_KEY, environment: "production" },
    request: { graceSeconds: 86400 },
    responses: { "200": { publicKey: "pk_live_2Xc8Vb4Nm6Qw9Er3Ty5Ui7Op", previousKeyValidUntil: "2026-12-02T10:00:00.000Z" } },
  },
  createDashboardLink: {
    params: { workspaceKey: WORKSPACE_KEY },
    request: { email: "ana.lima@grand-theatre.example" },
    responses: {
      "201": {
        url: "https://seats.example.com/dashboard/sign-in?token=Xr4Lq9Tz2Vm7Kb3Nw8Hd5Jc1",
        expiresAt: "2026-12-01T10:15:00.000Z",
        memberId: "mem_3kTq9bX2mN8pL4vR7sW1",
      },
    },
  },
};

const DRAFT_CHART = { ...CHART, draftVersion: 1, publishedVersion: null, updatedAt: CREATED, publishedAt: null };

export const CHART_EXAMPLES: ExampleTable = {
  createChart: {
    request: { name: "Main hall", chartKey: CHART_KEY, draftVersion: LAYOUT },
    responses: {
      "201": { ...DRAFT_CHART, createdAt: NOW, updatedAt: NOW },
      "400": refusal("validation_failed", "The request is invalid", {
        errors: { "draftVersion.sections.0.rows.0.seats.3.categoryKey": ['unknown category "vip"'] },
      }),
      "409": refusal("chart_exists", "Chart main-hall already exists"),
    },
  },
  listCharts: { params: { limit: 20 }, responses: { "200": { items: [CHART], nextCursor: null } } },
  getChart: { responses: { "200": CHART } },
  updateChart: {
    request: { name: "Main hall (2027 layout)", draftVersion: LAYOUT },
    responses: {
      "200": { ...CHART, name: "Main hall (2027 layout)", draftVersion: 4 },
      "412": refusal("precondition_failed", 'The draft is at version 4, not 3: reload it before saving (If-Match: "3")'),
    },
  },
  deleteChart: {
    responses: {
      "200": { chartKey: CHART_KEY, deleted: true },
      "409": refusal("chart_has_events", "Chart main-hall has events; delete them first"),
    },
  },
  getDraftLayout: { responses: { "200": LAYOUT } },
  getPublishedLayout: { responses: { "200": LAYOUT, "404": refusal("not_found", "Chart main-hall is not published") } },
  publishChart: {
    responses: {
      "200": CHART,
      "409": refusal("publish_affects_reservations", "The publish would affect held or booked objects", {
        failed: [{ objectLabel: "A-1-4", reason: "removed", eventKey: "gala-2026", environment: "production", booked: 1, held: 0 }],
      }),
    },
  },
  checkPublish: {
    responses: {
      "200": {
        chartKey: CHART_KEY,
        affected: [{ eventKey: "gala-2026", environment: "production", objectLabel: "A-1-4", reason: "removed", booked: 1, held: 0 }],
      },
    },
  },
  unpublishChart: { responses: { "200": { ...CHART, publishedVersion: null } } },
};
