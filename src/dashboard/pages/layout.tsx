import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import { can, ROLE_NAMES } from "../../domain/roles";
import type { Environment } from "../../domain/scope";
import { ASSET_URLS } from "../assets";
import { DASHBOARD_PATH } from "../config";
import type { DashboardSession } from "../sessions";
import { RoleContext } from "./role-context";

import { SECTIONS, type Section } from "../sections";

export type { Section };

export const ENVIRONMENT_NAMES: Record<Environment, string> = { production: "Production", sandbox: "Sandbox" };

/** The URL of a section's page in an environment. */
export function sectionUrl(environment: Environment, section: Section): string {
  return `${DASHBOARD_PATH}/${environment}/${section}`;
}

/** The document around every page: the head, the skip link and `<main>`. */
export function Document(props: { title: string; children: Child; scripts?: string[]; head?: Child }) {
  return (
    <>
      {raw("<!doctype html>")}
      <html lang="en">
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
            Skip to main content
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
        <h2 id="error-summary-title">There is a problem</h2>
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
 * may use it.
 */
export function Page(props: { title: string; session: DashboardSession; environment: Environment; section: Section; children: Child; scripts?: string[] }) {
  const envName = ENVIRONMENT_NAMES[props.environment];
  return (
    <Document title={`${props.title} – ${envName} – ${props.session.workspaceName} – Seat reservation dashboard`} scripts={props.scripts}>
      <header class="app-header">
        <div class="brand">
          <span class="brand-long">Seat reservation dashboard </span>
          <span>
            <span class="brand-long">· </span>
            {props.session.workspaceName}
          </span>
          <span class="signed-in-as">
            {" "}
            · {props.session.memberName} ({ROLE_NAMES[props.session.role]})
          </span>
        </div>
        {/* On a phone the environment switch, sign out and the navigation fold behind this button (dashboard client: menu.ts). */}
        <button type="button" class="menu-button" aria-expanded="false" aria-controls="app-nav">
          Menu
        </button>
        <form method="get" action={`${DASHBOARD_PATH}/environment`}>
          <label for="environment">Environment</label>
          <select id="environment" name="environment">
            {(["production", "sandbox"] as const).map((e) => (
              <option value={e} selected={e === props.environment}>
                {ENVIRONMENT_NAMES[e]}
              </option>
            ))}
          </select>
          <input type="hidden" name="section" value={props.section} />
          <button type="submit" class="button button-secondary">
            Switch
          </button>
        </form>
        <form method="post" action={`${DASHBOARD_PATH}/sign-out`}>
          <button type="submit" class="button button-secondary">
            Sign out
          </button>
        </form>
      </header>
      {props.environment === "sandbox" ? (
        <p class="sandbox-banner">
          <strong>Sandbox</strong>
          <span class="banner-long">Test environment: its keys, events and webhooks are separate from production, and its events can be reset.</span>
          <span class="banner-short">Test data, separate from production.</span>
        </p>
      ) : null}
      <nav class="app-nav" id="app-nav" aria-label="Dashboard">
        <ul>
          {SECTIONS.filter((s) => can(props.session.role, s.needs)).map((s) => (
            <li>
              <a href={sectionUrl(props.environment, s.key)} aria-current={s.key === props.section ? "page" : undefined}>
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabindex={-1}>
        <Messages />
        <RoleContext.Provider value={props.session.role}>{props.children}</RoleContext.Provider>
      </main>
    </Document>
  );
}
