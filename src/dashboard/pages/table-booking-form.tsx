import type { TableBooking, TableMode } from "../../domain/tables";
import type { DashboardMessageId } from "../words";
import { words } from "../words";
import { ApiForm, TextArea } from "./components";

/** How each mode reads on the event page. */
const MODE_WORDS: Record<TableMode, DashboardMessageId> = {
  by_seat: "tables.bySeat",
  by_table: "tables.byTable",
  by_table_or_seat: "tables.byTableOrSeat",
};

/** The example of exceptions the hint shows (a value: its braces are not the message's). */
const EXAMPLE = '{"T1": "by_table", "T2": "by_seat"}';

/**
 * The event's table booking (docs/tables.md): the mode every table follows and per-table exceptions.
 * The service refuses a change that would contradict what is held or booked, naming the tables.
 */
export function TableBookingForm(props: { api: string; booking: TableBooking; tables: number }) {
  const w = words();
  const { booking } = props;
  const overrides = booking.tables && Object.keys(booking.tables).length > 0 ? JSON.stringify(booking.tables, null, 2) : "";
  return (
    <section class="panel" aria-labelledby="table-booking-title">
      <h2 id="table-booking-title">{w.t("tables.title")}</h2>
      <p class="hint">{w.t("tables.lead", { n: props.tables })}</p>
      <ApiForm id="table-booking" api={props.api} method="PUT" done={w.t("tables.saved")} label={w.t("tables.title")}>
        <div class="field">
          <label for="table-booking-mode">{w.t("tables.mode")}</label>
          <select id="table-booking-mode" name="mode">
            {(Object.keys(MODE_WORDS) as TableMode[]).map((m) => (
              <option value={m} selected={booking.mode === m}>
                {w.t(MODE_WORDS[m])}
              </option>
            ))}
          </select>
        </div>
        <TextArea
          id="table-booking-tables"
          name="tables"
          label={w.t("tables.exceptions")}
          hint={w.t("tables.exceptionsHint", { example: EXAMPLE })}
          value={overrides}
          rows={3}
          dataType="json"
        />
        <button type="submit" class="button">
          {w.t("tables.save")}
        </button>
      </ApiForm>
    </section>
  );
}
