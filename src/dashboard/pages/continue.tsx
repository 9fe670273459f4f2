import { DASHBOARD_PATH } from "../config";
import type { LinkPreview } from "../session-store";
import { Document } from "./layout";

/**
 * What a sign-in link opens (contract §17): whom it signs in, to which workspace, and one button,
 * "Continue". Only the button's POST spends the link and starts the session, so a mail scanner or
 * a link preview that follows the link spends nothing. The page works without a script.
 */
export function continuePage(props: LinkPreview & { token: string }) {
  const invitation = props.purpose === "invitation";
  return (
    <Document title={`Sign in to ${props.workspaceName} – Seat reservation dashboard`}>
      <header class="app-header">
        <div class="brand">Seat reservation dashboard</div>
      </header>
      <main id="main" tabindex={-1}>
        <h1>{invitation ? `You are invited to ${props.workspaceName}` : `Sign in to ${props.workspaceName}`}</h1>
        <p class="lead">
          This link signs you in as <strong>{props.memberName}</strong> ({props.memberEmail}). It works once: continue to start your session.
        </p>
        <form method="post" action={`${DASHBOARD_PATH}/sign-in`}>
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" class="button">
            Continue
          </button>
        </form>
        <p class="hint">
          Not you? Close this page: nothing has happened yet. A session ends after a while without use, after 12 hours at most, or when you sign out.
        </p>
      </main>
    </Document>
  );
}
