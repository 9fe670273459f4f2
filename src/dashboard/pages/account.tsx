import type { Environment } from "../../domain/scope";
import type { SessionListing } from "../session-store";
import type { DashboardSession } from "../sessions";
import { words } from "../words";
import { ActionButton, Tag, When } from "./components";
import { Page, roleName } from "./layout";
import { browserName, isActiveNow } from "./session-words";

/**
 * Account (docs/team.md), every member's own page: who they are signed in as, their role and what it
 * allows, their open sessions, and "Sign out everywhere", which ends every one of them, this one too
 * (for a lost laptop, say).
 */
export function accountPage(session: DashboardSession, environment: Environment, sessions: SessionListing[]) {
  const w = words();
  return (
    <Page title={w.t("nav.account")} session={session} environment={environment} section="account">
      <h1>{w.t("nav.account")}</h1>
      <table>
        <caption class="visually-hidden">{w.t("account.membership")}</caption>
        <tbody>
          <tr>
            <th scope="row">{w.t("common.name")}</th>
            <td>{session.memberName}</td>
          </tr>
          <tr>
            <th scope="row">{w.t("common.email")}</th>
            <td>{session.memberEmail}</td>
          </tr>
          <tr>
            <th scope="row">{w.t("common.role")}</th>
            <td>
              {roleName(session.role)}: {w.t(`roleSummary.${session.role}`)}
            </td>
          </tr>
          <tr>
            <th scope="row">{w.t("account.workspace")}</th>
            <td>{session.workspaceName}</td>
          </tr>
          <tr>
            <th scope="row">{w.t("page.language")}</th>
            <td>{w.t(session.language === null ? "account.languageBrowser" : "account.languageChosen")}</td>
          </tr>
        </tbody>
      </table>

      <section aria-labelledby="my-sessions-title">
        <h2 id="my-sessions-title">{w.t("account.sessions")}</h2>
        <ul>
          {sessions.map((s) => (
            <li>
              {browserName(s.userAgent)}, {w.t("account.started")} <When at={s.createdAt} />, {w.t("account.lastActive")}{" "}
              <When at={new Date(s.lastActiveAt).toISOString()} />
              {s.sessionId === session.sessionId ? <strong> {w.t("session.this")}</strong> : null}{" "}
              {isActiveNow(s.lastActiveAt) ? <Tag kind="ok">{w.t("session.activeNow")}</Tag> : null}
            </li>
          ))}
        </ul>
        <p>{w.t("account.everywhereHint")}</p>
        <ActionButton
          api="/dashboard/api/account/sessions"
          method="DELETE"
          label={w.t("account.everywhere")}
          kind="warning"
          then="go:/dashboard/signed-out"
          done={w.t("account.everywhereDone")}
        />
      </section>
    </Page>
  );
}
