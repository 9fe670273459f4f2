import type { Member } from "../../domain/members";
import { assignableRoles, mayManageRole, ROLE_NAMES, ROLE_SUMMARIES, type Role } from "../../domain/roles";
import type { Environment } from "../../domain/scope";
import type { SessionListing } from "../session-store";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, RevealPanel, Tag, When } from "./components";
import { Page } from "./layout";
import { browserName, isActiveNow } from "./session-words";

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
          {ROLE_NAMES[r]}
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
  return (
    <tr>
      <th scope="row" id={`member-${id}`}>
        {member.name}
        {id === session.memberId ? <span class="hint"> (you)</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        {mayManage ? (
          <ApiForm api={`${MEMBERS_API}/${id}`} method="PATCH" then="refresh" done={`Role of ${member.name} changed`} class="inline">
            <select id={`role-${id}`} name="role" aria-label="Role" aria-describedby={`member-${id}`} data-submit-on-change>
              <RoleOptions actor={session.role} current={member.role} />
            </select>
          </ApiForm>
        ) : (
          ROLE_NAMES[member.role]
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
            label="Remove"
            kind="secondary"
            then="refresh"
            describedBy={`member-${id}`}
            done={`${member.name} removed: their sessions have ended`}
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
  return (
    <tr>
      <th scope="row" id={`session-${s.sessionId}`}>
        {s.memberName} <span class="hint">{s.memberEmail}</span>
        {mine ? <span class="hint"> (this session)</span> : null}
      </th>
      <td>
        <When at={s.createdAt} />
      </td>
      <td>
        <When at={new Date(s.lastActiveAt).toISOString()} /> {isActiveNow(s.lastActiveAt) ? <Tag kind="ok">Active now</Tag> : null}
      </td>
      <td>{browserName(s.userAgent)}</td>
      <td>
        {mayRevoke ? (
          <ActionButton
            api={`/dashboard/api/sessions/${s.sessionId}`}
            method="DELETE"
            label="Revoke"
            kind="secondary"
            then={mine ? "go:/dashboard/signed-out" : "refresh"}
            describedBy={`session-${s.sessionId}`}
            done={`Session of ${s.memberName} revoked`}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Team (contract §18), for owners and admins: who the members are, their roles, when each was last
 * seen and last signed in; inviting someone (a one-time link valid 7 days, shown once, to send them);
 * changing a role (it applies to their open sessions at once) and removing a member (their sessions
 * end). Below, who is signed in right now, with Revoke on each session.
 */
export function teamPage(session: DashboardSession, environment: Environment, view: TeamView) {
  return (
    <Page title="Team" session={session} environment={environment} section="team">
      <h1>Team</h1>
      <p class="lead">The people who may sign in to this workspace, and what each may do. Changes apply to their open sessions at once.</p>
      <details class="panel">
        <summary>What each role may do</summary>
        <dl>
          {(["viewer", "box_office", "designer", "admin", "owner"] as const).map((r) => (
            <>
              <dt>{ROLE_NAMES[r]}</dt>
              <dd>{ROLE_SUMMARIES[r]}</dd>
            </>
          ))}
        </dl>
      </details>

      <section class="panel" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite a member</h2>
        <ApiForm
          api={MEMBERS_API}
          then="reveal"
          revealPanel="invitation"
          revealField="invitationUrl"
          done="{email} invited: send them the link below"
          label="Invite a member"
        >
          <Field id="invite-email" name="email" label="Email" type="email" autocomplete="off" hint="Their work address, for example ana@venue.example" wide />
          <Field id="invite-name" name="name" label="Name" wide />
          <div class="field">
            <label for="invite-role">Role</label>
            <select id="invite-role" name="role">
              <RoleOptions actor={session.role} current="viewer" />
            </select>
          </div>
          <button type="submit" class="button">
            Invite
          </button>
        </ApiForm>
      </section>
      <RevealPanel
        id="invitation"
        title="Invitation link"
        label="Sign-in link to send"
        warning="Send this link to the person you invited: it is shown only this once, works once, and expires in 7 days."
      />

      <section id="members" data-refresh aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <table>
          <caption class="visually-hidden">Members of the workspace, with their roles</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Last seen</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.members.map((m) => (
              <MemberRow member={m} session={session} />
            ))}
          </tbody>
        </table>
      </section>

      <section id="sessions" data-refresh data-refresh-every="15000" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>Who is signed in right now. A session ends after a spell without use, after 12 hours at most, or when it is revoked.</p>
        {view.sessions.length === 0 ? (
          <p>Nobody is signed in.</p>
        ) : (
          <table>
            <caption class="visually-hidden">Signed-in sessions of the workspace</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Started</th>
                <th scope="col">Last active</th>
                <th scope="col">Browser</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.sessions.map((s) => (
                <SessionRow s={s} session={session} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Page>
  );
}
