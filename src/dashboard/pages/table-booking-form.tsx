import type { TableBooking, TableMode } from "../../domain/tables";
import { ApiForm, TextArea } from "./components";

/** How each mode reads on the event page. */
export const TABLE_MODE_WORDS: Record<TableMode, string> = {
  by_seat: "By seat: buyers choose seats at a table one by one",
  by_table: "By table: only whole tables are sold",
  by_table_or_seat: "By table or seat: a whole table while all its seats are free, else its free seats",
};

/**
 * The event's table booking (contract §21): the mode every table follows and per-table exceptions.
 * The service refuses a change that would contradict what is held or booked, naming the tables.
 */
export function TableBookingForm(props: { api: string; booking: TableBooking; tables: number }) {
  const { booking } = props;
  const overrides = booking.tables && Object.keys(booking.tables).length > 0 ? JSON.stringify(booking.tables, null, 2) : "";
  return (
    <section class="panel" aria-labelledby="table-booking-title">
      <h2 id="table-booking-title">Table booking</h2>
      <p class="hint">
        This event's chart has {props.tables} {props.tables === 1 ? "table" : "tables"}. A change that would contradict a table already held or booked is
        refused, with the tables named.
      </p>
      <ApiForm id="table-booking" api={props.api} method="PUT" done="Table booking saved" label="Table booking">
        <div class="field">
          <label for="table-booking-mode">How tables are sold</label>
          <select id="table-booking-mode" name="mode">
            {(Object.keys(TABLE_MODE_WORDS) as TableMode[]).map((m) => (
              <option value={m} selected={booking.mode === m}>
                {TABLE_MODE_WORDS[m]}
              </option>
            ))}
          </select>
        </div>
        <TextArea
          id="table-booking-tables"
          name="tables"
          label="Exceptions for single tables (optional)"
          hint='Table label to its mode, for example {"T1": "by_table", "T2": "by_seat"}. Leave empty for none.'
          value={overrides}
          rows={3}
          dataType="json"
        />
        <button type="submit" class="button">
          Save table booking
        </button>
      </ApiForm>
    </section>
  );
}
