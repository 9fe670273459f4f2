import { Document } from "./layout";

/** Why the sign-in page is shown. */
export type SignInReason = "required" | "link_invalid" | "signed_out";

const HEADINGS: Record<SignInReason, string> = {
  required: "Sign in to the dashboard",
  link_invalid: "This sign-in link cannot be used",
  signed_out: "You have signed out",
};

/**
 * The page anyone without a session sees (401, or 200 after signing out): how to get in. The
 * dashboard has no passwords: the deployment's operator hands out one-time links.
 *
 * When the browser arrived from another site (a link in an e-mail or a chat), the session cookie,
 * being SameSite=Strict, is not sent with that first request even when the person is signed in; the
 * page then reloads itself once, as a same-site request that does carry it.
 */
export function signInPage(props: { reason: SignInReason; crossSite?: boolean }) {
  return (
    <Document title={`${HEADINGS[props.reason]} – Seat reservation dashboard`} head={props.crossSite ? <meta http-equiv="refresh" content="0" /> : undefined}>
      <header class="app-header">
        <div class="brand">Seat reservation dashboard</div>
      </header>
      <main id="main" tabindex={-1}>
        <h1>{HEADINGS[props.reason]}</h1>
        {props.reason === "link_invalid" ? (
          <p class="lead">
            The link has already been used, has expired (an operator's sign-in link lasts 15 minutes, an invitation 7 days) or is not a sign-in link. Ask for a
            new one.
          </p>
        ) : null}
        {props.reason === "signed_out" ? <p class="lead">Your session has ended on the server. To come back, open a new sign-in link.</p> : null}
        <div class="panel">
          <h2>How to get a sign-in link</h2>
          <p>
            The dashboard has no passwords. The operator of this deployment, or an owner or admin of your workspace, hands out one-time sign-in links. A link
            works once (within 15 minutes, or 7 days for an invitation); the session it starts ends after a spell without use (30 minutes unless the deployment
            sets another), after 12 hours at most, or when you sign out.
          </p>
          <ul>
            <li>
              Ask an owner or admin of your workspace to invite you from its Team page, or your operator for a link. Operators create one with{" "}
              <code>npm run admin -- dashboard-link &lt;workspaceKey&gt;</code> or <code>POST /admin/v1/workspaces/&lt;workspaceKey&gt;/dashboard-links</code>.
            </li>
            <li>
              In local development, <code>npm run dev</code> prints a fresh link for the demo workspace each time it starts.
            </li>
          </ul>
        </div>
      </main>
    </Document>
  );
}
