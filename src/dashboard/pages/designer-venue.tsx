import { NEW_CATEGORY } from "../../designer/palette";
import type { DesignerWords } from "../../designer/words";
import { Labelled } from "./components";

/**
 * The designer's panels for venues beyond rows (docs/tables.md): tables with their seats around
 * them, booths, floors and zones. Every control is a labelled form control or a named button, so
 * a table is drawn from the keyboard and heard by a screen reader as a section is; the browser
 * module (src/designer/client/venue-forms.ts) fills the lists and runs the actions.
 */

function Text(props: { id: string; label: string; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => <input id={props.id} type="text" value="" aria-describedby={hintId} autocomplete="off" spellcheck={false} />}
    />
  );
}

function Num(props: { id: string; label: string; value: number; min: number; max?: number }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      control={() => <input id={props.id} type="number" value={String(props.value)} min={props.min} max={props.max} step="any" />}
    />
  );
}

function Choice(props: { id: string; label: string; options: [string, string][]; multiple?: boolean; hint?: string }) {
  return (
    <Labelled
      inline
      id={props.id}
      label={props.label}
      hint={props.hint}
      control={(hintId) => (
        <select id={props.id} multiple={props.multiple} aria-describedby={hintId}>
          {props.options.map(([value, text]) => (
            <option value={value}>{text}</option>
          ))}
        </select>
      )}
    />
  );
}

type Words = (id: Parameters<DesignerWords["t"]>[0]) => string;

/** The chosen table's fields: chosen here or by a click on the drawing, changed with one button (one step to undo). */
/** A table's shapes, as the add and the edit forms offer them. */
function shapes(t: Words): [string, string][] {
  return [
    ["round", t("venue.round")],
    ["rect", t("venue.rect")],
  ];
}

function TableEditor(props: { t: Words; none: [string, string] }) {
  const t = props.t;
  return (
    <>
      <h3>{t("venue.editTableTitle")}</h3>
      <Choice id="table-select" label={t("venue.tableToRemove")} options={[props.none]} hint={t("venue.tableChooseHint")} />
      <div class="field-row">
        <Text id="edit-table-name" label={t("venue.editTableName")} />
        <Choice id="edit-table-shape" label={t("venue.editTableShape")} options={shapes(t)} />
        <Num id="edit-table-seats" label={t("venue.editTableSeats")} value={8} min={1} max={100} />
      </div>
      <div class="field-row">
        <Choice id="edit-table-category" label={t("venue.editTableCategory")} options={[]} />
        <Num id="edit-table-x" label={t("venue.editTableX")} value={0} min={-1e6} />
        <Num id="edit-table-y" label={t("venue.editTableY")} value={0} min={-1e6} />
      </div>
      <div class="button-group">
        <button type="button" id="update-table">
          {t("venue.updateTable")}
        </button>
        <button type="button" id="turn-table" class="button-secondary">
          {t("venue.turnTable")}
        </button>
        <button type="button" id="remove-table" class="button-warning">
          {t("venue.removeTable")}
        </button>
      </div>
    </>
  );
}

/** The chosen booth's fields, as the table's. */
function BoothEditor(props: { t: Words; none: [string, string] }) {
  const t = props.t;
  return (
    <>
      <Choice id="booth-select" label={t("venue.boothToRemove")} options={[props.none]} hint={t("venue.boothChooseHint")} />
      <div class="field-row">
        <Text id="edit-booth-name" label={t("venue.editBoothName")} />
        <Choice id="edit-booth-category" label={t("venue.editBoothCategory")} options={[]} />
        <Choice id="edit-booth-floor" label={t("venue.editBoothFloor")} options={[props.none]} />
      </div>
      <div class="field-row">
        <Num id="edit-booth-width" label={t("venue.editBoothWidth")} value={60} min={1} />
        <Num id="edit-booth-height" label={t("venue.editBoothHeight")} value={40} min={1} />
        <Num id="edit-booth-x" label={t("venue.editBoothX")} value={0} min={-1e6} />
        <Num id="edit-booth-y" label={t("venue.editBoothY")} value={0} min={-1e6} />
      </div>
      <div class="button-group">
        <button type="button" id="update-booth">
          {t("venue.updateBooth")}
        </button>
        <button type="button" id="remove-booth" class="button-warning">
          {t("venue.removeBooth")}
        </button>
      </div>
    </>
  );
}

/** The panels, in the page's language `w`. */
export function VenuePanels(props: { w: DesignerWords }) {
  const t: Words = (id) => props.w.t(id);
  const NEW: [string, string] = [NEW_CATEGORY, t("common.newCategory")];
  const NONE: [string, string] = ["", t("common.none")];
  return (
    <>
      <section class="panel" aria-labelledby="table-tools-title">
        <h2 id="table-tools-title">{t("venue.tablesTitle")}</h2>
        <p class="hint">{t("venue.tablesLead")}</p>
        <Choice id="table-section" label={t("venue.tableSection")} options={[["", t("venue.newTableSection")]]} />
        <Text id="table-name" label={t("venue.tableName")} hint={t("venue.tableNameHint")} />
        <div class="field-row">
          <Choice id="table-shape" label={t("venue.tableShape")} options={shapes(t)} />
          <Num id="table-seats" label={t("venue.tableSeats")} value={8} min={1} max={100} />
        </div>
        <div class="field-row">
          <Choice id="table-category" label={t("venue.tableCategory")} options={[NEW]} />
          <Text id="table-category-name" label={t("venue.tableCategoryName")} hint={t("venue.tableCategoryHint")} />
        </div>
        <div class="button-group">
          <button type="button" id="add-table">
            {t("venue.addTable")}
          </button>
        </div>
        <TableEditor t={t} none={NONE} />
        <h3>{t("venue.boothsTitle")}</h3>
        <Text id="booth-name" label={t("venue.boothName")} hint={t("venue.boothNameHint")} />
        <div class="field-row">
          <Choice id="booth-category" label={t("venue.boothCategory")} options={[NEW]} />
          <Text id="booth-category-name" label={t("venue.boothCategoryName")} />
        </div>
        <div class="field-row">
          <Num id="booth-width" label={t("venue.boothWidth")} value={60} min={1} />
          <Num id="booth-height" label={t("venue.boothHeight")} value={40} min={1} />
          <Choice id="booth-floor" label={t("venue.boothFloor")} options={[NONE]} />
        </div>
        <div class="button-group">
          <button type="button" id="add-booth">
            {t("venue.addBooth")}
          </button>
        </div>
        <BoothEditor t={t} none={NONE} />
      </section>

      <section class="panel" aria-labelledby="floor-tools-title">
        <h2 id="floor-tools-title">{t("venue.floorsTitle")}</h2>
        <p class="hint">{t("venue.floorsLead")}</p>
        <ul id="floor-list"></ul>
        <div class="field-row">
          <Text id="floor-name" label={t("venue.floorName")} hint={t("venue.floorNameHint")} />
          <button type="button" id="add-floor" class="button-secondary">
            {t("venue.addFloor")}
          </button>
        </div>
        <div class="field-row">
          <Choice id="section-floor" label={t("venue.sectionFloor")} options={[NONE]} />
        </div>
        <div class="field-row">
          <Choice id="floor-select" label={t("venue.floorToRemove")} options={[NONE]} />
          <Text id="edit-floor-name" label={t("venue.editFloorName")} />
          <button type="button" id="rename-floor" class="button-secondary">
            {t("venue.renameFloor")}
          </button>
          <button type="button" id="remove-floor" class="button-warning">
            {t("venue.removeFloor")}
          </button>
        </div>
        <ul id="zone-list"></ul>
        <Text id="zone-name" label={t("venue.zoneName")} hint={t("venue.zoneNameHint")} />
        <Choice id="zone-sections" label={t("venue.zoneSections")} options={[]} multiple hint={t("venue.zoneSectionsHint")} />
        <div class="button-group">
          <button type="button" id="add-zone" class="button-secondary">
            {t("venue.addZone")}
          </button>
        </div>
        <Choice id="zone-select" label={t("venue.zoneToRemove")} options={[NONE]} />
        <Text id="edit-zone-name" label={t("venue.editZoneName")} />
        <Choice id="edit-zone-sections" label={t("venue.editZoneSections")} options={[]} multiple hint={t("venue.zoneSectionsHint")} />
        <div class="button-group">
          <button type="button" id="update-zone" class="button-secondary">
            {t("venue.updateZone")}
          </button>
          <button type="button" id="remove-zone" class="button-warning">
            {t("venue.removeZone")}
          </button>
        </div>
      </section>
    </>
  );
}
