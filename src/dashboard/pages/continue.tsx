import { DASHBOARD_PATH } from "../config";
import type { LinkPreview } from "../session-store";
import { words } from "../words";
import { Document } from "./layout";

/**
 * What a sign-in link opens (docs/security.md): whom it signs in, to which workspace, and one button,
 * "Continue". Only the button's POST spends the link and starts the session, so a mail scanner or
 * a link preview that follows the link spends nothing. The page works without a script.
 */
export function continuePage(props: LinkPreview & { token: string }) {
  const w = words();
  const invitation = props.purpose === "invitation";
  const workspace = props.workspaceName;
  return (
    <Document title={`${w.t("continue.title", { workspace })} – ${w.t("page.brand")}`}>
      <header class="app-header">
        <div class="brand">{w.t("page.brand")}</div>
      </header>
      <main id="main" tabindex={-1}>
        <h1>{invitation ? w.t("continue.invited", { workspace }) : w.t("continue.title", { workspace })}</h1>
        <p class="lead">
          {w.t("continue.asBefore")} <strong>{props.memberName}</strong> ({props.memberEmail}). {w.t("continue.once")}
        </p>
        <form method="post" action={`${DASHBOARD_PATH}/sign-in`}>
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" class="button">
            {w.t("continue.button")}
          </button>
        </form>
        <p class="hint">{w.t("continue.notYou")}</p>
      </main>
    </Document>
  );
}
