import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { Page, type Section } from "./layout";

/** A page that could not be shown (an unknown chart, event or endpoint, say), inside the dashboard's frame. */
export function errorPage(session: DashboardSession, environment: Environment, section: Section, title: string, message: string) {
  return (
    <Page title={title} session={session} environment={environment} section={section}>
      <h1>{title}</h1>
      <p class="lead">{message}</p>
    </Page>
  );
}
