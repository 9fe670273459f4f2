import type { Layout } from "../../domain/layout";
import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import type { FailedEntry } from "../../domain/outcome";
import type { DashboardSession } from "../sessions";
import { can } from "../../domain/roles";
import { ActionButton, ApiForm, Field, IfCan, IfMayCall, Tag, TextArea, When } from "./components";
import { LayoutDrawing } from "./drawing";
import { Page } from "./layout";

/**
 * Charts (contract §10.2): list, create, rename, delete, the draft and the published layout drawn,
 * publish with the publish check's affected list shown first (and a forced publish), unpublish.
 * Charts belong to the workspace, so both environments show the same ones.
 */

const api = (chartKey?: string, tail = "") => `/dashboard/api/charts${chartKey === undefined ? "" : `/${encodeURIComponent(chartKey)}`}${tail}`;

export function chartsPage(session: DashboardSession, environment: Environment, charts: ChartRecord[], more: boolean) {
  return (
    <Page title="Charts" session={session} environment={environment} section="charts">
      <h1>Charts</h1>
      <p class="lead">Charts are seat-map templates shared by both environments. Events read a chart's published layout.</p>
      {charts.length === 0 ? (
        <p>No charts yet.</p>
      ) : (
        <table>
          <caption>Charts of this workspace</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col" class="num">
                Draft version
              </th>
              <th scope="col">Published</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {charts.map((c) => (
              <tr>
                <td>
                  <a href={`/dashboard/${environment}/charts/${encodeURIComponent(c.chartKey)}`}>{c.name}</a>
                </td>
                <td>
                  <code>{c.chartKey}</code>
                </td>
                <td class="num">{c.draftVersion}</td>
                <td>{c.publishedVersion === null ? <Tag kind="off">Not published</Tag> : <Tag kind="ok">Version {c.publishedVersion}</Tag>}</td>
                <td>
                  <When at={c.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more ? <p>Only the first {charts.length} charts are listed.</p> : null}
      <IfMayCall api={api()}>
        {" "}
        <div class="panel">
          <h2>Create a chart</h2>
          <ApiForm api={api()} then={`go:/dashboard/${environment}/charts/{chartKey}`} done="Chart {name} created" label="Create a chart">
            <Field id="chart-name" name="name" label="Name" hint="3 to 255 characters, for example Main hall" wide />
            <Field id="chart-key" name="chartKey" label="Chart key (optional)" hint="Letters, digits, '.', '_' and '-'. Left empty, one is made up." />
            <button type="submit" class="button">
              Create chart
            </button>
          </ApiForm>
        </div>
      </IfMayCall>
    </Page>
  );
}

export interface ChartView {
  chart: ChartRecord;
  draft: Layout;
  published: Layout | null;
  affected: FailedEntry[];
}

export function chartPage(session: DashboardSession, environment: Environment, view: ChartView) {
  const { chart } = view;
  const key = chart.chartKey;
  const upToDate = chart.publishedVersion === chart.draftVersion;
  // Publishing acts in the page's environment: from sandbox, a forced publish stops at production buyers' seats.
  const envApi = (chartKey: string, tail: string) => `/dashboard/api/${environment}/charts/${encodeURIComponent(chartKey)}${tail}`;
  return (
    <Page title={`Chart ${chart.name}`} session={session} environment={environment} section="charts">
      <p>
        <a href={`/dashboard/${environment}/charts`}>Back to charts</a>
      </p>
      <h1>{chart.name}</h1>
      <IfCan permission="charts.edit">
        <p>
          <a class="button" href={`/dashboard/charts/${encodeURIComponent(key)}/design`}>
            Open the designer
          </a>{" "}
          <span class="hint">Draw sections, rows, categories, GA areas and the stage; saves replace the draft.</span>
        </p>
      </IfCan>
      <table>
        <caption class="visually-hidden">About this chart</caption>
        <tbody>
          <tr>
            <th scope="row">Chart key</th>
            <td>
              <code>{key}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">Draft version</th>
            <td>{chart.draftVersion}</td>
          </tr>
          <tr>
            <th scope="row">Published version</th>
            <td>
              {chart.publishedVersion === null ? "Not published" : chart.publishedVersion} {upToDate ? "(the draft is published)" : null}
            </td>
          </tr>
          <tr>
            <th scope="row">Published at</th>
            <td>
              <When at={chart.publishedAt} />
            </td>
          </tr>
        </tbody>
      </table>

      <section class="panel" aria-labelledby="publish-title" id="publish">
        <h2 id="publish-title">Publish</h2>
        {view.affected.length === 0 ? (
          <p>
            Publishing the draft (version {chart.draftVersion}) affects no held or booked seat of any event. Every event of this chart reads the new layout at
            once.
          </p>
        ) : (
          <>
            <p>
              <strong>
                Publishing the draft would affect {view.affected.length} held or booked {view.affected.length === 1 ? "seat or area" : "seats and areas"}.
              </strong>{" "}
              A normal publish is refused while this is so; publishing anyway keeps those reservations as they are.
            </p>
            <table>
              <caption>Held or booked seats and areas the draft affects</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Environment</th>
                  <th scope="col">Object</th>
                  <th scope="col">What would happen</th>
                  <th scope="col" class="num">
                    Booked
                  </th>
                  <th scope="col" class="num">
                    Held
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.affected.map((a) => (
                  <tr>
                    <td>{a.eventKey}</td>
                    <td>{a.environment}</td>
                    <td>{a.objectLabel}</td>
                    <td>{REASONS[a.reason] ?? a.reason}</td>
                    <td class="num">{a.booked ?? 0}</td>
                    <td class="num">{a.held ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div class="button-group">
          <ActionButton api={envApi(key, "/publish")} label="Publish" done={`Chart ${chart.name} published`} />
          {view.affected.length > 0 && can(session.role, "charts.manage") ? (
            <ActionButton
              api={envApi(key, "/publish")}
              hidden={{ force: "true" }}
              label="Publish anyway"
              kind="warning"
              confirm="Publish anyway? The affected held and booked seats and areas keep their reservations."
              done={`Chart ${chart.name} published (forced)`}
            />
          ) : null}
          {chart.publishedVersion !== null ? (
            <ActionButton
              api={envApi(key, "/unpublish")}
              label="Unpublish"
              kind="secondary"
              confirm="Unpublish this chart? Its events show an empty map until it is published again."
              done={`Chart ${chart.name} unpublished`}
            />
          ) : null}
        </div>
      </section>

      <div class="columns">
        <section aria-labelledby="draft-title">
          <h2 id="draft-title">Draft layout (version {chart.draftVersion})</h2>
          <LayoutDrawing id="draft-drawing" title="Draft layout" layout={view.draft} />
        </section>
        <section aria-labelledby="published-title">
          <h2 id="published-title">Published layout{chart.publishedVersion === null ? "" : ` (version ${chart.publishedVersion})`}</h2>
          {!view.published ? (
            <p>Not published.</p>
          ) : upToDate ? (
            <p>The published layout is the draft drawn here: version {chart.draftVersion} is published.</p>
          ) : (
            <LayoutDrawing id="published-drawing" title="Published layout" layout={view.published} />
          )}
        </section>
      </div>

      <IfCan permission="charts.edit">
        <section class="panel" aria-labelledby="rename-title">
          <h2 id="rename-title">Rename</h2>
          <ApiForm api={api(key)} method="PATCH" done="Chart renamed to {name}" label="Rename the chart">
            <Field id="rename-name" name="name" label="New name" value={chart.name} wide />
            <button type="submit" class="button">
              Rename
            </button>
          </ApiForm>
        </section>

        <section class="panel" aria-labelledby="draft-json-title">
          <h2 id="draft-json-title">Replace the draft</h2>
          <p>
            Paste a layout as JSON (categories, sections of rows of seats, general admission areas), as exported from the designer or sent to the API. It
            becomes the next draft version.
          </p>
          <ApiForm api={api(key)} method="PATCH" done="Draft replaced" label="Replace the draft">
            <TextArea id="draft-json" name="draftVersion" label="Draft layout (JSON)" dataType="json" rows={10} />
            <button type="submit" class="button">
              Replace draft
            </button>
          </ApiForm>
        </section>
      </IfCan>

      <IfCan permission="charts.manage">
        <section class="panel" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete</h2>
          <p>A chart that events use cannot be deleted; delete its events first.</p>
          <ActionButton
            api={api(key)}
            method="DELETE"
            label="Delete chart"
            kind="warning"
            then={`go:/dashboard/${environment}/charts`}
            confirm={`Delete the chart ${chart.name}? This cannot be undone.`}
            done={`Chart ${chart.name} deleted`}
          />
        </section>
      </IfCan>
    </Page>
  );
}

const REASONS: Record<string, string> = {
  removed: "Removed from the layout",
  capacity_below_reserved: "Capacity below what is reserved",
  object_type_changed: "Changes between seat and general admission",
  category_changed: "Changes category",
};
