/** Examples of the team's operations: members (operator API) and the audit log. */
import { refusal } from "./refusals";
import { CHART_KEY, CREATED, NOW, WORKSPACE_KEY } from "./samples";
import type { ExampleTable } from "./types";

const MEMBER_ID = "mem_3kTq9bX2mN8pL4vR7sW1";
const MEMBER = {
  memberId: MEMBER_ID,
  email: "ana.lima@grand-theatre.example",
  name: "Ana Lima",
  role: "box_office",
  createdAt: CREATED,
  lastSeenAt: NOW,
  lastSignInAt: NOW,
};
const OWNER = {
  memberId: "mem_8Hd2Qz7Lm4Xr1Tv9Wb5K",
  email: `owner@${WORKSPACE_KEY}`.toLowerCase(),
  name: "Owner",
  role: "owner",
  createdAt: CREATED,
  lastSeenAt: null,
  lastSignInAt: null,
};
const params = { workspaceKey: WORKSPACE_KEY, memberId: MEMBER_ID };

export const TEAM_EXAMPLES: ExampleTable = {
  createMember: {
    params: { workspaceKey: WORKSPACE_KEY },
    request: { email: "ana.lima@grand-theatre.example", name: "Ana Lima", role: "box_office" },
    responses: {
      "201": { ...MEMBER, lastSeenAt: null, lastSignInAt: null },
      "409": refusal("member_exists", "ana.lima@grand-theatre.example is already a member of this workspace"),
    },
  },
  listMembers: { params: { workspaceKey: WORKSPACE_KEY }, responses: { "200": { items: [OWNER, MEMBER] } } },
  getMember: { params, responses: { "200": MEMBER } },
  updateMember: {
    params,
    request: { role: "admin" },
    responses: {
      "200": { ...MEMBER, role: "admin" },
      "409": refusal("last_owner", "A workspace keeps at least one owner"),
    },
  },
  deleteMember: { params, responses: { "200": { memberId: MEMBER_ID, deleted: true } } },
  listAuditLog: {
    params: { limit: 50, action: "chart.published" },
    responses: {
      "200": {
        items: [
          {
            id: "aud_0m3x9k2b1a7Qw3Er5Ty7Ui",
            at: NOW,
            environment: null,
            actor: { type: "member", id: MEMBER_ID, name: "Ana Lima" },
            action: "chart.published",
            target: { type: "chart", key: CHART_KEY },
            details: { publishedVersion: 3, force: false },
          },
        ],
        nextCursor: null,
      },
    },
  },
};
