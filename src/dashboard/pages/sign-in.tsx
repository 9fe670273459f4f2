import { words } from "../words";
import { Document } from "./layout";

/** Why the sign-in page is shown. */
export type SignInReason = "required" | "link_invalid" | "signed_out";

const HEADINGS = { required: "signin.required", link_invalid: "signin.linkInvalid", signed_out: "signin.signedOut" } as const;

/**
 * The page anyone without a session sees (401, or 200 after signing out): how to get in. The
 * dashboard has no passwords: the deployment's operator hands out one-time links. In the language
 * the browser asks for (nobody is known yet).
 *
 * When the browser arrived from another site (a link in an e-mail or a chat), the session cookie,
 * being SameSite=Strict, is not sent with that first request even when the person is signed in; the
 * page then reloads itself once, as a same-site request that does carry it.
 */
export function signInPage(props: { reason: SignInReason; crossSite?: boolean }) {
  const w = words();
  const heading = w.t(HEADINGS[props.reason]);
  return (
    <Document title={`${heading} – ${w.t("page.brand")}`} head={props.crossSite ? <meta http-equiv="refresh" content="0" /> : undefined}>
      <header class="app-header">
        <div class="brand">{w.t("page.brand")}</div>
      </header>
      <main id="main" tabindex={-1}>
        <h1>{heading}</h1>
        {props.reason === "link_invalid" ? <p class="lead">{w.t("signin.linkInvalidLead")}</p> : null}
        {props.reason === "signed_out" ? <p class="lead">{w.t("signin.signedOutLead")}</p> : null}
        <div class="panel">
          <h2>{w.t("signin.howTitle")}</h2>
          <p>{w.t("signin.how")}</p>
          <ul>
            <li>
              {w.t("signin.askOwner")} <code>npm run admin -- dashboard-link &lt;workspaceKey&gt;</code> {w.t("signin.or")}{" "}
              <code>POST /admin/v1/workspaces/&lt;workspaceKey&gt;/dashboard-links</code>.
            </li>
            <li>
              {w.t("signin.localBefore")} <code>npm run dev</code> {w.t("signin.localAfter")}
            </li>
          </ul>
        </div>
      </main>
    </Document>
  );
}
