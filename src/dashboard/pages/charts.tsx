import type { Layout } from "../../domain/layout";
import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import type { FailedEntry } from "../../domain/outcome";
import type { DashboardSession } from "../sessions";
import { can } from "../../domain/roles";
import { ActionButton, ApiForm, Field, IfCan, IfMayCall, Tag, TextArea, When } from "./components";
import { LayoutDrawing } from "./drawing";
import { NumHeads } from "./table-parts";
import { words, type DashboardMessageId } from "../words";
import { Page } from "./layout";

/**
 * Charts (docs/dashboard.md): list, create, rename, delete, the draft and the published layout drawn,
 * publish with the publish check's affected list shown first (and a forced publish), unpublish.
 * Charts belong to the workspace, so both environments show the same ones.
 */

const api = (chartKey?: string, tail = "") => `/dashboard/api/charts${chartKey === undefined ? "" : `/${encodeURIComponent(chartKey)}`}${tail}`;

export function chartsPage(session: DashboardSession, environment: Environment, charts: ChartRecord[], more: boolean) {
  const w = words();
  return (
    <Page title={w.t("nav.charts")} session={session} environment={environment} section="charts">
      <h1>{w.t("nav.charts")}</h1>
      <p class="lead">{w.t("charts.lead")}</p>
      {charts.length === 0 ? (
        <p>{w.t("charts.none")}</p>
      ) : (
        <table>
          <caption>{w.t("charts.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{w.t("common.name")}</th>
              <th scope="col">{w.t("channels.key")}</th>
              <th scope="col" class="num">
                {w.t("charts.draftVersion")}
              </th>
              <th scope="col">{w.t("charts.published")}</th>
              <th scope="col">{w.t("charts.updated")}</th>
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
                <td>
                  {c.publishedVersion === null ? (
                    <Tag kind="off">{w.t("charts.notPublishedTag")}</Tag>
                  ) : (
                    <Tag kind="ok">{w.t("events.version", { version: c.publishedVersion })}</Tag>
                  )}
                </td>
                <td>
                  <When at={c.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more ? <p>{w.t("charts.more", { count: charts.length })}</p> : null}
      <IfMayCall api={api()}>
        {" "}
        <div class="panel">
          <h2>{w.t("charts.create")}</h2>
          <ApiForm api={api()} then={`go:/dashboard/${environment}/charts/{chartKey}`} done={w.t("charts.created")} label={w.t("charts.create")}>
            <Field id="chart-name" name="name" label={w.t("common.name")} hint={w.t("charts.nameHint")} wide />
            <Field id="chart-key" name="chartKey" label={w.t("charts.keyOptional")} hint={w.t("charts.keyHint")} />
            <button type="submit" class="button">
              {w.t("charts.createButton")}
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
  const w = words();
  const name = { name: chart.name };
  return (
    <Page title={w.t("charts.title", name)} session={session} environment={environment} section="charts">
      <p>
        <a href={`/dashboard/${environment}/charts`}>{w.t("charts.back")}</a>
      </p>
      <h1>{chart.name}</h1>
      <IfCan permission="charts.edit">
        <p>
          <a class="button" href={`/dashboard/charts/${encodeURIComponent(key)}/design`}>
            {w.t("charts.openDesigner")}
          </a>{" "}
          <span class="hint">{w.t("charts.designerHint")}</span>
        </p>
      </IfCan>
      <table>
        <caption class="visually-hidden">{w.t("charts.about")}</caption>
        <tbody>
          <tr>
            <th scope="row">{w.t("charts.key")}</th>
            <td>
              <code>{key}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">{w.t("charts.draftVersion")}</th>
            <td>{chart.draftVersion}</td>
          </tr>
          <tr>
            <th scope="row">{w.t("charts.publishedVersion")}</th>
            <td>
              {chart.publishedVersion === null ? w.t("charts.notPublishedTag") : chart.publishedVersion} {upToDate ? w.t("charts.draftIsPublished") : null}
            </td>
          </tr>
          <tr>
            <th scope="row">{w.t("charts.publishedAt")}</th>
            <td>
              <When at={chart.publishedAt} />
            </td>
          </tr>
        </tbody>
      </table>

      <section class="panel" aria-labelledby="publish-title" id="publish">
        <h2 id="publish-title">{w.t("charts.publish")}</h2>
        {view.affected.length === 0 ? (
          <p>{w.t("charts.publishSafe", { version: chart.draftVersion })}</p>
        ) : (
          <>
            <p>
              <strong>{w.t("charts.publishAffects", { count: view.affected.length })}</strong> {w.t("charts.publishRefused")}
            </p>
            <table>
              <caption>{w.t("charts.affectedCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{w.t("events.event")}</th>
                  <th scope="col">{w.t("page.environment")}</th>
                  <th scope="col">{w.t("charts.object")}</th>
                  <th scope="col">{w.t("charts.whatHappens")}</th>
                  <NumHeads labels={[w.t("status.booked"), w.t("status.held")]} />
                </tr>
              </thead>
              <tbody>
                {view.affected.map((a) => (
                  <tr>
                    <td>{a.eventKey}</td>
                    <td>{a.environment}</td>
                    <td>{a.objectLabel}</td>
                    <td>{REASONS[a.reason] ? w.t(REASONS[a.reason]!) : a.reason}</td>
                    <td class="num">{a.booked ?? 0}</td>
                    <td class="num">{a.held ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div class="button-group">
          <ActionButton api={envApi(key, "/publish")} label={w.t("charts.publish")} done={w.t("charts.publishedDone", name)} />
          {view.affected.length > 0 && can(session.role, "charts.manage") ? (
            <ActionButton
              api={envApi(key, "/publish")}
              hidden={{ force: "true" }}
              label={w.t("charts.publishAnyway")}
              kind="warning"
              confirm={w.t("charts.publishAnywayConfirm")}
              done={w.t("charts.publishedForced", name)}
            />
          ) : null}
          {chart.publishedVersion !== null ? (
            <ActionButton
              api={envApi(key, "/unpublish")}
              label={w.t("charts.unpublish")}
              kind="secondary"
              confirm={w.t("charts.unpublishConfirm")}
              done={w.t("charts.unpublished", name)}
            />
          ) : null}
        </div>
      </section>

      <div class="columns">
        <section aria-labelledby="draft-title">
          <h2 id="draft-title">{w.t("charts.draftLayoutVersion", { version: chart.draftVersion })}</h2>
          <LayoutDrawing id="draft-drawing" title={w.t("charts.draftLayout")} layout={view.draft} />
        </section>
        <section aria-labelledby="published-title">
          <h2 id="published-title">
            {chart.publishedVersion === null ? w.t("charts.publishedLayout") : w.t("charts.publishedLayoutVersion", { version: chart.publishedVersion })}
          </h2>
          {!view.published ? (
            <p>{w.t("charts.notPublishedText")}</p>
          ) : upToDate ? (
            <p>{w.t("charts.sameAsDraft", { version: chart.draftVersion })}</p>
          ) : (
            <LayoutDrawing id="published-drawing" title={w.t("charts.publishedLayout")} layout={view.published} />
          )}
        </section>
      </div>

      <IfCan permission="charts.edit">
        <section class="panel" aria-labelledby="rename-title">
          <h2 id="rename-title">{w.t("charts.rename")}</h2>
          <ApiForm api={api(key)} method="PATCH" done={w.t("charts.renamed")} label={w.t("charts.renameLabel")}>
            <Field id="rename-name" name="name" label={w.t("charts.newName")} value={chart.name} wide />
            <button type="submit" class="button">
              {w.t("charts.rename")}
            </button>
          </ApiForm>
        </section>

        <section class="panel" aria-labelledby="draft-json-title">
          <h2 id="draft-json-title">{w.t("charts.replace")}</h2>
          <p>{w.t("charts.replaceLead")}</p>
          <ApiForm api={api(key)} method="PATCH" done={w.t("charts.replaced")} label={w.t("charts.replace")}>
            <TextArea id="draft-json" name="draftVersion" label={w.t("charts.draftJson")} dataType="json" rows={10} />
            <button type="submit" class="button">
              {w.t("charts.replaceButton")}
            </button>
          </ApiForm>
        </section>
      </IfCan>

      <IfCan permission="charts.manage">
        <section class="panel" aria-labelledby="delete-title">
          <h2 id="delete-title">{w.t("charts.delete")}</h2>
          <p>{w.t("charts.deleteLead")}</p>
          <ActionButton
            api={api(key)}
            method="DELETE"
            label={w.t("charts.deleteButton")}
            kind="warning"
            then={`go:/dashboard/${environment}/charts`}
            confirm={w.t("charts.deleteConfirm", name)}
            done={w.t("charts.deleted", name)}
          />
        </section>
      </IfCan>
    </Page>
  );
}

const REASONS: Record<string, DashboardMessageId> = {
  removed: "charts.reasonRemoved",
  capacity_below_reserved: "charts.reasonCapacity",
  object_type_changed: "charts.reasonType",
  category_changed: "charts.reasonCategory",
};
