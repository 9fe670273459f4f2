import { SEAT_FEATURES } from "../../domain/layout";
import { DEFAULT_PATTERN } from "../../designer/generate";
import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import { commandLabel, COMMANDS, shortcutText } from "../../designer/commands";
import { designerWords, type DesignerWords } from "../../designer/words";
import { DESIGNER_URL } from "../assets";
import type { DashboardSession } from "../sessions";
import { Labelled } from "./components";
import { CategoryChoice, CommandButton, NumberField, Select, TextField, ToolButton } from "./designer-controls";
import { VenuePanels } from "./designer-venue";
import { Page } from "./layout";
import { words } from "../words";

/**
 * The chart designer (docs/dashboard.md#the-chart-designer): the page around the drawing. Every control is a labelled
 * form control or a named button (GOV.UK patterns); the browser module (src/designer/client)
 * reads the draft, keeps the scene and its history, and draws it. Without the module the page
 * says that the designer needs JavaScript. Its words are the designer's catalogs
 * (src/designer/catalogs) in the language the dashboard chose for the request.
 */

export function designerPage(session: DashboardSession, environment: Environment, chart: ChartRecord) {
  const key = chart.chartKey;
  const w = designerWords(words().language);
  const t = w.t.bind(w);
  return (
    <Page
      title={t("page.title", { name: chart.name })}
      session={session}
      environment={environment}
      section="charts"
      scripts={[DESIGNER_URL]}
      back={`/dashboard/charts/${encodeURIComponent(key)}/design`}
    >
      <div
        class="designer"
        id="designer"
        data-chart-key={key}
        data-chart-name={chart.name}
        data-environment={environment}
        data-published={chart.publishedVersion === null ? "false" : "true"}
      >
        <div class="designer-head">
          <h1>{t("page.title", { name: chart.name })}</h1>
          <a href={`/dashboard/${environment}/charts/${encodeURIComponent(key)}`}>{t("page.back", { name: chart.name })}</a>
          <p id="save-state" class="save-state" role="status" data-state="loading">
            {t("page.loading")}
          </p>
          <div class="designer-files">
            <ToolButton id="export" label={t("page.export")} secondary />
            <input type="file" id="import" accept="application/json,.json" class="visually-hidden file-input" />
            <label for="import" class="button button-secondary file-button">
              {t("page.import")}
            </label>
          </div>
          <noscript>
            <p>{t("page.noscript")}</p>
          </noscript>
        </div>

        <div id="conflict" class="error-summary" role="alert" tabindex={-1} hidden aria-labelledby="conflict-title">
          <h2 id="conflict-title">{t("conflict.title")}</h2>
          <p id="conflict-message">{t("conflict.notSaved")}</p>
          <div class="button-group">
            <ToolButton id="reload-draft" label={t("conflict.reload")} />
            <ToolButton id="save-copy" label={t("conflict.saveCopy")} secondary />
          </div>
        </div>

        <div class="designer-toolbar" role="toolbar" aria-label={t("toolbar.name")}>
          {/* The first things a new chart needs; what they add is set in the panels beside the drawing. */}
          <ToolButton id="add-section" label={t("toolbar.addSection")} />
          <ToolButton id="add-area" label={t("toolbar.addArea")} />
          <span class="toolbar-gap"></span>
          <CommandButton id="undo" command="undo" w={w} secondary />
          <CommandButton id="redo" command="redo" w={w} secondary />
          <CommandButton id="save" command="save" w={w} />
          <span class="toolbar-gap"></span>
          <CommandButton id="zoom-in" command="zoomIn" w={w} secondary />
          <CommandButton id="zoom-out" command="zoomOut" w={w} secondary />
          <CommandButton id="zoom-fit" command="fit" w={w} secondary />
        </div>

        <div class="designer-body">
          <div class="designer-canvas-wrap">
            <div id="canvas" class="designer-canvas" tabindex={0} role="application" aria-label={t("canvas.name")} aria-describedby="canvas-help">
              <p id="canvas-help" class="visually-hidden">
                {t("canvas.help")}
              </p>
            </div>
            <div id="canvas-empty" class="canvas-empty" hidden>
              <h2>{t("canvas.emptyTitle")}</h2>
              <p>{withStrong(t, "canvas.emptyHelp", { addSection: t("toolbar.addSection"), addArea: t("toolbar.addArea") })}</p>
            </div>
            <p class="hint" id="canvas-summary" aria-live="polite"></p>
          </div>
          <div class="designer-tools">
            <section class="panel" aria-labelledby="section-tools-title">
              <h2 id="section-tools-title">{t("sections.title")}</h2>
              <p class="hint" id="section-mode">
                {t("sections.mode")}
              </p>
              <Select id="section-select" label={t("sections.selected")} options={[["", t("common.none")]]} />
              <TextField
                id="section-name"
                label={t("sections.name")}
                hint={chart.publishedVersion === null ? t("sections.nameHint") : t("sections.nameHintPublished")}
              />
              <CategoryChoice id="section-category" label={t("sections.category")} nameHint={t("sections.newCategoryHint")} w={w} />
              <div class="field-row">
                <NumberField id="rows" label={t("sections.rows")} value={10} min={1} max={1000} />
                <NumberField id="seats-per-row" label={t("sections.seatsPerRow")} value={20} min={1} max={1000} />
              </div>
              <div class="field-row">
                <Select
                  id="row-labels"
                  label={t("sections.rowLabels")}
                  options={[
                    ["letters", t("sections.rowLetters")],
                    ["numbers", t("sections.rowNumbers")],
                  ]}
                />
                <Select
                  id="row-order"
                  label={t("sections.rowOrder")}
                  options={[
                    ["front", t("sections.rowsFront")],
                    ["back", t("sections.rowsBack")],
                  ]}
                />
              </div>
              <Select
                id="seat-numbering"
                label={t("sections.numbering")}
                options={[
                  ["left-to-right", t("sections.leftToRight")],
                  ["right-to-left", t("sections.rightToLeft")],
                  ["odd", t("sections.odd")],
                  ["even", t("sections.even")],
                ]}
              />
              <div class="field-row">
                <NumberField id="curve" label={t("sections.curve")} value={0} min={-300} max={300} step="any" />
                <NumberField id="skew" label={t("sections.skew")} value={0} min={-75} max={75} step="any" />
                <NumberField id="rotation" label={t("sections.rotation")} value={0} min={-360} max={360} step="any" />
              </div>
              <div class="field-row">
                <NumberField id="seat-spacing" label={t("sections.seatSpacing")} value={24} min={1} max={1000} step="any" />
                <NumberField id="row-spacing" label={t("sections.rowSpacing")} value={30} min={1} max={1000} step="any" />
              </div>
              <TextField id="aisles" label={t("sections.aisles")} hint={t("sections.aislesHint")} />
              <TextField id="label-pattern" label={t("sections.pattern")} value={DEFAULT_PATTERN} hint={t("sections.patternHint")} />
              <div class="button-group">
                <CommandButton id="copy-section" command="copy" w={w} secondary />
                <CommandButton id="delete-selected" command="delete" w={w} warning />
              </div>
            </section>

            <section class="panel" aria-labelledby="category-tools-title">
              <h2 id="category-tools-title">{t("categories.title")}</h2>
              <ul id="category-list" class="legend"></ul>
              <div class="field-row">
                <TextField id="category-name" label={t("categories.name")} />
                <div class="field field-inline">
                  <label for="category-colour">{t("categories.colour")}</label>
                  <input id="category-colour" type="color" value="#2f5bea" />
                </div>
              </div>
              <ToolButton id="add-category" label={t("categories.add")} secondary />
              <h3>{t("assign.title")}</h3>
              <p class="hint" id="selection-summary">
                {t("selection.nothing")}
              </p>
              <TextField id="select-labels" label={t("select.labels")} hint={t("select.labelsHint")} />
              <ToolButton id="select-labelled" label={t("select.button")} secondary />
              <div class="button-group">
                <ToolButton id="select-rows" label={t("select.rows")} secondary />
                <ToolButton id="select-sections" label={t("select.sections")} secondary />
              </div>
              <Select id="assign-category-select" label={t("assign.category")} options={[]} />
              <ToolButton id="assign-category" label={t("assign.button")} />
              <fieldset class="seat-features">
                <legend>{t("features.legend")}</legend>
                {SEAT_FEATURES.map((key) => (
                  <label class="checkbox">
                    <input type="checkbox" id={`feature-${key}`} value={key} /> {t(`features.${key}`)}
                  </label>
                ))}
              </fieldset>
              <ToolButton id="set-features" label={t("features.set")} />
            </section>

            <section class="panel" aria-labelledby="ga-tools-title">
              <h2 id="ga-tools-title">{t("areas.title")}</h2>
              <p class="hint">{t("areas.lead")}</p>
              <Select id="area-select" label={t("areas.selected")} options={[["", t("common.none")]]} />
              <TextField id="area-name" label={t("areas.name")} hint={t("areas.nameHint")} />
              <CategoryChoice id="area-category" label={t("areas.category")} nameHint={t("areas.newCategoryHint")} w={w} />
              <div class="field-row">
                <NumberField id="area-capacity" label={t("areas.capacity")} value={100} min={1} />
                <Select
                  id="area-shape"
                  label={t("areas.shape")}
                  options={[
                    ["rectangle", t("areas.rectangle")],
                    ["ellipse", t("areas.ellipse")],
                  ]}
                />
              </div>
              <div class="field-row">
                <NumberField id="area-width" label={t("areas.width")} value={240} min={1} step="any" />
                <NumberField id="area-height" label={t("areas.height")} value={120} min={1} step="any" />
              </div>
            </section>

            <VenuePanels w={w} />
            <section class="panel" aria-labelledby="translation-tools-title">
              <h2 id="translation-tools-title">{t("translations.title")}</h2>
              <p class="hint">{t("translations.lead")}</p>
              <Select id="translate-owner" label={t("translations.owner")} options={[["", t("translations.noOwner")]]} />
              <Labelled
                id="translations"
                label={t("translations.field")}
                hint={t("translations.hint")}
                control={(hintId) => <textarea id="translations" rows={4} aria-describedby={hintId} spellcheck={false}></textarea>}
              />
              <ToolButton id="save-translations" label={t("translations.save")} secondary />
            </section>

            <section class="panel" aria-labelledby="stage-tools-title">
              <h2 id="stage-tools-title">{t("stage.title")}</h2>
              <p class="hint" id="stage-state">
                {t("stage.none")}
              </p>
              <div class="button-group">
                <button type="button" id="place-stage" aria-pressed="false">
                  {t("stage.place")}
                </button>
                <ToolButton id="remove-stage" label={t("stage.remove")} secondary />
              </div>
              <p class="hint">{t("stage.help")}</p>
            </section>
          </div>
        </div>

        <section class="panel" aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t("shortcuts.title")}</h2>
          <table class="shortcuts">
            <caption class="visually-hidden">{t("shortcuts.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("shortcuts.action")}</th>
                <th scope="col">{t("shortcuts.keys")}</th>
              </tr>
            </thead>
            <tbody>
              {COMMANDS.map((c) => (
                <tr>
                  <td>{commandLabel(c, w)}</td>
                  <td>
                    <kbd>{shortcutText(c, w)}</kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="hint">{t("shortcuts.mouse")}</p>
        </section>
      </div>
    </Page>
  );
}

/** A message with its values shown in bold (the names of buttons it points to), as JSX. */
function withStrong(t: DesignerWords["t"], id: "canvas.emptyHelp", values: Record<string, string>) {
  const marked = Object.fromEntries(Object.keys(values).map((k, i) => [k, `\u0000${i}\u0000`]));
  return t(id, marked)
    .split("\u0000")
    .map((part, i) => (i % 2 === 1 ? <strong>{Object.values(values)[Number(part)]}</strong> : part));
}
