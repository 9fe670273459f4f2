import { ROLE_NAMES, ROLE_SUMMARIES } from "../../domain/roles";
import type { Environment } from "../../domain/scope";
import type { SessionListing } from "../session-store";
import type { DashboardSession } from "../sessions";
import { ActionButton, Tag, When } from "./components";
import { Page } from "./layout";
import { browserName, isActiveNow } from "./session-words";

/**
 * Account (contract §18), every member's own page: who they are signed in as, their role and what it
 * allows, their open sessions, and "Sign out everywhere", which ends every one of them, this one too
 * (for a lost laptop, say).
 */
export function accountPage(session: DashboardSession, environment: Environment, sessions: SessionListing[]) {
  return (
    <Page title="Account" session={session} environment={environment} section="account">
      <h1>Account</h1>
      <table>
        <caption class="visually-hidden">Your membership</caption>
        <tbody>
          <tr>
            <th scope="row">Name</th>
            <td>{session.memberName}</td>
          </tr>
          <tr>
            <th scope="row">Email</th>
            <td>{session.memberEmail}</td>
          </tr>
          <tr>
            <th scope="row">Role</th>
            <td>
              {ROLE_NAMES[session.role]}: {ROLE_SUMMARIES[session.role]}
            </td>
          </tr>
          <tr>
            <th scope="row">Workspace</th>
            <td>{session.workspaceName}</td>
          </tr>
        </tbody>
      </table>

      <section aria-labelledby="my-sessions-title">
        <h2 id="my-sessions-title">Your sessions</h2>
        <ul>
          {sessions.map((s) => (
            <li>
              {browserName(s.userAgent)}, started <When at={s.createdAt} />, last active <When at={new Date(s.lastActiveAt).toISOString()} />
              {s.sessionId === session.sessionId ? <strong> (this session)</strong> : null}{" "}
              {isActiveNow(s.lastActiveAt) ? <Tag kind="ok">Active now</Tag> : null}
            </li>
          ))}
        </ul>
        <p>Signing out everywhere ends every session above at once, this one included; each browser must sign in again with a new link.</p>
        <ActionButton
          api="/dashboard/api/account/sessions"
          method="DELETE"
          label="Sign out everywhere"
          kind="warning"
          then="go:/dashboard/signed-out"
          done="You have signed out everywhere"
        />
      </section>
    </Page>
  );
}
