import type { DesignerWords } from "../../designer/words";
import { CategoryChoice, NumberField, Select, TextField, ToolButton } from "./designer-controls";

/**
 * The designer's panels for venues beyond rows (docs/tables.md): tables with their seats around
 * them, booths, floors and zones. Every control is a labelled form control or a named button, so
 * a table is drawn from the keyboard and heard by a screen reader as a section is; the browser
 * module (src/designer/client/venue-forms.ts) fills the lists and runs the actions.
 */

type Words = (id: Parameters<DesignerWords["t"]>[0]) => string;

/** A table's shapes, as the add and the edit forms offer them. */
function shapes(t: Words): [string, string][] {
  return [
    ["round", t("venue.round")],
    ["rect", t("venue.rect")],
  ];
}

/** The chosen table's fields: chosen here or by a click on the drawing, changed with one button (one step to undo). */
function TableEditor(props: { t: Words; none: [string, string] }) {
  const t = props.t;
  return (
    <>
      <h3>{t("venue.editTableTitle")}</h3>
      <Select id="table-select" label={t("venue.tableToRemove")} options={[props.none]} hint={t("venue.tableChooseHint")} />
      <div class="field-row">
        <TextField id="edit-table-name" label={t("venue.editTableName")} />
        <Select id="edit-table-shape" label={t("venue.editTableShape")} options={shapes(t)} />
        <NumberField id="edit-table-seats" label={t("venue.editTableSeats")} value={8} min={1} max={100} step="any" />
      </div>
      <div class="field-row">
        <Select id="edit-table-category" label={t("venue.editTableCategory")} options={[]} />
        <NumberField id="edit-table-x" label={t("venue.editTableX")} value={0} min={-1e6} step="any" />
        <NumberField id="edit-table-y" label={t("venue.editTableY")} value={0} min={-1e6} step="any" />
      </div>
      <div class="button-group">
        <ToolButton id="update-table" label={t("venue.updateTable")} />
        <ToolButton id="turn-table" label={t("venue.turnTable")} secondary />
        <ToolButton id="remove-table" label={t("venue.removeTable")} warning />
      </div>
    </>
  );
}

/** The chosen booth's fields, as the table's. */
function BoothEditor(props: { t: Words; none: [string, string] }) {
  const t = props.t;
  return (
    <>
      <Select id="booth-select" label={t("venue.boothToRemove")} options={[props.none]} hint={t("venue.boothChooseHint")} />
      <div class="field-row">
        <TextField id="edit-booth-name" label={t("venue.editBoothName")} />
        <Select id="edit-booth-category" label={t("venue.editBoothCategory")} options={[]} />
        <Select id="edit-booth-floor" label={t("venue.editBoothFloor")} options={[props.none]} />
      </div>
      <div class="field-row">
        <NumberField id="edit-booth-width" label={t("venue.editBoothWidth")} value={60} min={1} step="any" />
        <NumberField id="edit-booth-height" label={t("venue.editBoothHeight")} value={40} min={1} step="any" />
        <NumberField id="edit-booth-x" label={t("venue.editBoothX")} value={0} min={-1e6} step="any" />
        <NumberField id="edit-booth-y" label={t("venue.editBoothY")} value={0} min={-1e6} step="any" />
      </div>
      <div class="button-group">
        <ToolButton id="update-booth" label={t("venue.updateBooth")} />
        <ToolButton id="remove-booth" label={t("venue.removeBooth")} warning />
      </div>
    </>
  );
}

/** The panels, in the page's language `w`. */
export function VenuePanels(props: { w: DesignerWords }) {
  const t: Words = (id) => props.w.t(id);
  const NONE: [string, string] = ["", t("common.none")];
  return (
    <>
      <section class="panel" aria-labelledby="table-tools-title">
        <h2 id="table-tools-title">{t("venue.tablesTitle")}</h2>
        <p class="hint">{t("venue.tablesLead")}</p>
        <Select id="table-section" label={t("venue.tableSection")} options={[["", t("venue.newTableSection")]]} />
        <TextField id="table-name" label={t("venue.tableName")} hint={t("venue.tableNameHint")} />
        <div class="field-row">
          <Select id="table-shape" label={t("venue.tableShape")} options={shapes(t)} />
          <NumberField id="table-seats" label={t("venue.tableSeats")} value={8} min={1} max={100} step="any" />
        </div>
        <CategoryChoice
          id="table-category"
          label={t("venue.tableCategory")}
          nameLabel={t("venue.tableCategoryName")}
          nameHint={t("venue.tableCategoryHint")}
          w={props.w}
        />
        <div class="button-group">
          <ToolButton id="add-table" label={t("venue.addTable")} />
        </div>
        <TableEditor t={t} none={NONE} />
        <h3>{t("venue.boothsTitle")}</h3>
        <TextField id="booth-name" label={t("venue.boothName")} hint={t("venue.boothNameHint")} />
        <CategoryChoice id="booth-category" label={t("venue.boothCategory")} nameLabel={t("venue.boothCategoryName")} w={props.w} />
        <div class="field-row">
          <NumberField id="booth-width" label={t("venue.boothWidth")} value={60} min={1} step="any" />
          <NumberField id="booth-height" label={t("venue.boothHeight")} value={40} min={1} step="any" />
          <Select id="booth-floor" label={t("venue.boothFloor")} options={[NONE]} />
        </div>
        <div class="button-group">
          <ToolButton id="add-booth" label={t("venue.addBooth")} />
        </div>
        <BoothEditor t={t} none={NONE} />
      </section>

      <section class="panel" aria-labelledby="floor-tools-title">
        <h2 id="floor-tools-title">{t("venue.floorsTitle")}</h2>
        <p class="hint">{t("venue.floorsLead")}</p>
        <ul id="floor-list"></ul>
        <div class="field-row">
          <TextField id="floor-name" label={t("venue.floorName")} hint={t("venue.floorNameHint")} />
          <ToolButton id="add-floor" label={t("venue.addFloor")} secondary />
        </div>
        <div class="field-row">
          <Select id="section-floor" label={t("venue.sectionFloor")} options={[NONE]} />
        </div>
        <div class="field-row">
          <Select id="floor-select" label={t("venue.floorToRemove")} options={[NONE]} />
          <TextField id="edit-floor-name" label={t("venue.editFloorName")} />
          <ToolButton id="rename-floor" label={t("venue.renameFloor")} secondary />
          <ToolButton id="remove-floor" label={t("venue.removeFloor")} warning />
        </div>
        <ul id="zone-list"></ul>
        <TextField id="zone-name" label={t("venue.zoneName")} hint={t("venue.zoneNameHint")} />
        <Select id="zone-sections" label={t("venue.zoneSections")} options={[]} multiple hint={t("venue.zoneSectionsHint")} />
        <div class="button-group">
          <ToolButton id="add-zone" label={t("venue.addZone")} secondary />
        </div>
        <Select id="zone-select" label={t("venue.zoneToRemove")} options={[NONE]} />
        <TextField id="edit-zone-name" label={t("venue.editZoneName")} />
        <Select id="edit-zone-sections" label={t("venue.editZoneSections")} options={[]} multiple hint={t("venue.zoneSectionsHint")} />
        <div class="button-group">
          <ToolButton id="update-zone" label={t("venue.updateZone")} secondary />
          <ToolButton id="remove-zone" label={t("venue.removeZone")} warning />
        </div>
      </section>
    </>
  );
}
