import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { can, type Role } from "../../domain/roles";
import type { Environment } from "../../domain/scope";
import { ASSET_URLS } from "../assets";
import { DASHBOARD_PATH } from "../config";
import { DASHBOARD_LANGUAGES, LANGUAGE_NAMES } from "../language";
import type { DashboardSession } from "../sessions";
import { words, type DashboardMessageId } from "../words";
import { RoleContext } from "./role-context";

import { SECTIONS, type Section } from "../sections";

export type { Section };

/** An environment's name in the page's language ("Production", "Produktion"). */
export function environmentName(environment: Environment): string {
  return words().t(environment === "production" ? "environment.production" : "environment.sandbox");
}

/** A role's name in the page's language. */
export function roleName(role: Role): string {
  return words().t(`role.${role}`);
}

/** The URL of a section's page in an environment. */
export function sectionUrl(environment: Environment, section: Section): string {
  return `${DASHBOARD_PATH}/${environment}/${section}`;
}

/** The document around every page: the head, the skip link and `<main>`. */
export function Document(props: { title: string; children: Child; scripts?: string[]; head?: Child }) {
  const w = words();
  return (
    <>
      {raw("<!doctype html>")}
      <html lang={w.language}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{props.title}</title>
          <link rel="icon" href="data:," />
          {props.head}
          <link rel="stylesheet" href={ASSET_URLS.css} />
          {(props.scripts ?? []).map((src) => (
            <script defer src={src}></script>
          ))}
          <script type="module" src={ASSET_URLS.js}></script>
        </head>
        <body>
          <a href="#main" class="skip-link">
            {w.t("page.skip")}
          </a>
          {props.children}
        </body>
      </html>
    </>
  );
}

/** The notice line and the error summary every page has, ready for the browser module to fill. */
export function Messages() {
  return (
    <>
      <div id="error-summary" class="error-summary" hidden tabindex={-1} role="alert" aria-labelledby="error-summary-title">
        <h2 id="error-summary-title">{words().t("page.problem")}</h2>
        <p data-message></p>
        <ul></ul>
      </div>
      <p id="notice" class="notice" role="status" hidden></p>
    </>
  );
}

/**
 * A signed-in page: the workspace, who is signed in with which role, the environment switch,
 * navigation and sign-out, with the sandbox marked in words and colour on every page. The member's
 * role is given to every control below (role-context.ts), which shows itself only to roles that
 * may use it. `back` is where the Language control returns (the page itself when it is not its
 * section's list, as the designer is).
 */
export function Page(props: {
  title: string;
  session: DashboardSession;
  environment: Environment;
  section: Section;
  children: Child;
  scripts?: string[];
  back?: string;
}) {
  const w = words();
  const envName = environmentName(props.environment);
  const here = `${DASHBOARD_PATH}/${props.environment}/${props.section}`;
  return (
    <Document title={`${props.title} – ${envName} – ${props.session.workspaceName} – ${w.t("page.brand")}`} scripts={props.scripts}>
      <header class="app-header">
        <div class="brand">
          <span class="brand-long">{w.t("page.brand")} </span>
          <span>
            <span class="brand-long">· </span>
            {props.session.workspaceName}
          </span>
          <span class="signed-in-as">
            {" "}
            · {props.session.memberName} ({roleName(props.session.role)})
          </span>
        </div>
        {/* On a phone the environment switch, sign out and the navigation fold behind this button (dashboard client: menu.ts). */}
        <button type="button" class="menu-button" aria-expanded="false" aria-controls="app-nav">
          {w.t("page.menu")}
        </button>
        <form method="get" action={`${DASHBOARD_PATH}/environment`}>
          <label for="environment">{w.t("page.environment")}</label>
          <select id="environment" name="environment">
            {(["production", "sandbox"] as const).map((e) => (
              <option value={e} selected={e === props.environment}>
                {environmentName(e)}
              </option>
            ))}
          </select>
          <input type="hidden" name="section" value={props.section} />
          <button type="submit" class="button button-secondary">
            {w.t("page.switch")}
          </button>
        </form>
        <form method="post" action={`${DASHBOARD_PATH}/sign-out`}>
          <button type="submit" class="button button-secondary">
            {w.t("page.signOut")}
          </button>
        </form>
      </header>
      {props.environment === "sandbox" ? (
        <p class="sandbox-banner">
          <strong>{environmentName("sandbox")}</strong>
          <span class="banner-long">{w.t("page.sandboxLong")}</span>
          <span class="banner-short">{w.t("page.sandboxShort")}</span>
        </p>
      ) : null}
      {/* The Language control sits at the end of the navigation's row, where a desktop has room, so
          the header stays one line at 1280 px in every language; on a phone it folds with the menu. */}
      <div class="app-nav-row">
        <nav class="app-nav" id="app-nav" aria-label={w.t("page.navigation")}>
          <ul>
            {SECTIONS.filter((s) => can(props.session.role, s.needs)).map((s) => (
              <li>
                <a href={sectionUrl(props.environment, s.key)} aria-current={s.key === props.section ? "page" : undefined}>
                  {w.t(s.name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageForm chosen={props.session.language} back={props.back ?? here} />
      </div>
      <main id="main" tabindex={-1}>
        <Messages />
        <RoleContext.Provider value={props.session.role}>{props.children}</RoleContext.Provider>
      </main>
    </Document>
  );
}

/**
 * The Language control: the member's own choice of the dashboard's language, kept on the member
 * (every session and device follows it), or "the browser's" (Accept-Language). A plain form that
 * works without a script; the page comes back in the new language.
 */
function LanguageForm(props: { chosen: string | null; back: string }) {
  const w = words();
  return (
    <form method="post" action={`${DASHBOARD_PATH}/language`} class="language-form">
      <label for="dashboard-language">{w.t("page.language")}</label>
      <select id="dashboard-language" name="language">
        <option value="" selected={props.chosen === null}>
          {w.t("page.languageBrowser")}
        </option>
        {DASHBOARD_LANGUAGES.map((l) => (
          <option value={l} lang={l} selected={props.chosen === l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <input type="hidden" name="back" value={props.back} />
      <button type="submit" class="button button-secondary">
        {w.t("page.languageSave")}
      </button>
    </form>
  );
}
