import type { Member } from "../../domain/members";
import { assignableRoles, mayManageRole, type Role } from "../../domain/roles";
import type { Environment } from "../../domain/scope";
import type { SessionListing } from "../session-store";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, RevealPanel, Tag, When } from "./components";
import { words } from "../words";
import { Page, roleName } from "./layout";
import { browserName, isActiveNow } from "./session-words";
import { ColumnsTable } from "./table-parts";

/** What the Team page shows: every member and every live session of the workspace. */
export interface TeamView {
  members: Member[];
  sessions: SessionListing[];
}

const MEMBERS_API = "/dashboard/api/members";

/** The role choices a member of role `actor` may give; the current one first when it is not among them. */
function RoleOptions(props: { actor: Role; current?: Role }) {
  const roles = assignableRoles(props.actor);
  return (
    <>
      {roles.map((r) => (
        <option value={r} selected={r === props.current}>
          {roleName(r)}
        </option>
      ))}
    </>
  );
}

/** A member's row: their role as a control when the viewer may change it (it applies on change), and Remove. */
function MemberRow(props: { member: Member; session: DashboardSession }) {
  const { member, session } = props;
  const id = member.memberId;
  const mayManage = mayManageRole(session.role, member.role);
  const w = words();
  return (
    <tr>
      <th scope="row" id={`member-${id}`}>
        {member.name}
        {id === session.memberId ? <span class="hint"> {w.t("team.you")}</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        {mayManage ? (
          <ApiForm api={`${MEMBERS_API}/${id}`} method="PATCH" then="refresh" done={w.t("team.roleChanged", { name: member.name })} class="inline">
            <select id={`role-${id}`} name="role" aria-label={w.t("common.role")} aria-describedby={`member-${id}`} data-submit-on-change>
              <RoleOptions actor={session.role} current={member.role} />
            </select>
          </ApiForm>
        ) : (
          roleName(member.role)
        )}
      </td>
      <td>
        <When at={member.lastSeenAt} />
      </td>
      <td>
        <When at={member.lastSignInAt} />
      </td>
      <td>
        {mayManage ? (
          <ActionButton
            api={`${MEMBERS_API}/${id}`}
            method="DELETE"
            label={w.t("team.remove")}
            kind="secondary"
            then="refresh"
            describedBy={`member-${id}`}
            done={w.t("team.removed", { name: member.name })}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** A live session's row, with Revoke where the viewer may end it. */
function SessionRow(props: { s: SessionListing; session: DashboardSession }) {
  const { s, session } = props;
  const mine = s.sessionId === session.sessionId;
  const mayRevoke = s.memberId === session.memberId || mayManageRole(session.role, s.role);
  const w = words();
  return (
    <tr>
      <th scope="row" id={`session-${s.sessionId}`}>
        {s.memberName} <span class="hint">{s.memberEmail}</span>
        {mine ? <span class="hint"> {w.t("session.this")}</span> : null}
      </th>
      <td>
        <When at={s.createdAt} />
      </td>
      <td>
        <When at={new Date(s.lastActiveAt).toISOString()} /> {isActiveNow(s.lastActiveAt) ? <Tag kind="ok">{w.t("session.activeNow")}</Tag> : null}
      </td>
      <td>{browserName(s.userAgent)}</td>
      <td>
        {mayRevoke ? (
          <ActionButton
            api={`/dashboard/api/sessions/${s.sessionId}`}
            method="DELETE"
            label={w.t("team.revoke")}
            kind="secondary"
            then={mine ? "go:/dashboard/signed-out" : "refresh"}
            describedBy={`session-${s.sessionId}`}
            done={w.t("team.revoked", { name: s.memberName })}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Team (docs/team.md), for owners and admins: who the members are, their roles, when each was last
 * seen and last signed in; inviting someone (a one-time link valid 7 days, shown once, to send them);
 * changing a role (it applies to their open sessions at once) and removing a member (their sessions
 * end). Below, who is signed in right now, with Revoke on each session.
 */
export function teamPage(session: DashboardSession, environment: Environment, view: TeamView) {
  const w = words();
  return (
    <Page title={w.t("nav.team")} session={session} environment={environment} section="team">
      <h1>{w.t("nav.team")}</h1>
      <p class="lead">{w.t("team.lead")}</p>
      <details class="panel">
        <summary>{w.t("team.roles")}</summary>
        <dl>
          {(["viewer", "box_office", "designer", "admin", "owner"] as const).map((r) => (
            <>
              <dt>{roleName(r)}</dt>
              <dd>{w.t(`roleSummary.${r}`)}</dd>
            </>
          ))}
        </dl>
      </details>

      <section class="panel" aria-labelledby="invite-title">
        <h2 id="invite-title">{w.t("team.invite")}</h2>
        <ApiForm api={MEMBERS_API} then="reveal" revealPanel="invitation" revealField="invitationUrl" done={w.t("team.invited")} label={w.t("team.invite")}>
          <Field id="invite-email" name="email" label={w.t("common.email")} type="email" autocomplete="off" hint={w.t("team.emailHint")} wide />
          <Field id="invite-name" name="name" label={w.t("common.name")} wide />
          <div class="field">
            <label for="invite-role">{w.t("common.role")}</label>
            <select id="invite-role" name="role">
              <RoleOptions actor={session.role} current="viewer" />
            </select>
          </div>
          <button type="submit" class="button">
            {w.t("team.inviteButton")}
          </button>
        </ApiForm>
      </section>
      <RevealPanel id="invitation" title={w.t("team.linkTitle")} label={w.t("team.linkLabel")} warning={w.t("team.linkWarning")} />

      <section id="members" data-refresh aria-labelledby="members-title">
        <h2 id="members-title">{w.t("team.members")}</h2>
        <ColumnsTable
          caption={w.t("team.membersCaption")}
          hiddenCaption
          columns={[w.t("common.name"), w.t("common.email"), w.t("common.role"), w.t("team.lastSeen"), w.t("team.lastSignIn")]}
          actions
        >
          {view.members.map((m) => (
            <MemberRow member={m} session={session} />
          ))}
        </ColumnsTable>
      </section>

      <section id="sessions" data-refresh data-refresh-every="15000" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{w.t("team.sessions")}</h2>
        <p>{w.t("team.sessionsLead")}</p>
        {view.sessions.length === 0 ? (
          <p>{w.t("team.nobody")}</p>
        ) : (
          <ColumnsTable
            caption={w.t("team.sessionsCaption")}
            hiddenCaption
            columns={[w.t("team.member"), w.t("team.started"), w.t("team.lastActive"), w.t("team.browser")]}
            actions
          >
            {view.sessions.map((s) => (
              <SessionRow s={s} session={session} />
            ))}
          </ColumnsTable>
        )}
      </section>
    </Page>
  );
}
