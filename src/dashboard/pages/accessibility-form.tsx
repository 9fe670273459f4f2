import type { Accessibility } from "../../domain/accessibility";
import { ApiForm } from "./components";
import { localInputValue } from "../../domain/time-zones";

/**
 * The event's hold-back of wheelchair spaces and companion seats (contract §14) as a form. The
 * release time is a date and time on the clock of the event's time zone; the data route turns the
 * form into the API's body.
 */
export function AccessibilityForm(props: { api: string; settings: Accessibility; zone: string }) {
  const { holdBack, releaseWhen } = props.settings;
  const when = typeof releaseWhen === "object" ? "at" : releaseWhen;
  const at = typeof releaseWhen === "object" ? localInputValue(releaseWhen.at, props.zone) : "";
  return (
    <section class="panel" aria-labelledby="access-title">
      <h2 id="access-title">Accessible seating</h2>
      <p class="hint">
        Keep wheelchair spaces and companion seats for buyers who state the need, until the condition below releases them to everyone. The service releases them
        itself and records each in the history.
      </p>
      <ApiForm id="accessibility" api={props.api} method="PUT" done="Accessible seating saved" label="Accessible seating">
        <div class="field">
          <label for="access-hold">Hold back wheelchair spaces and companion seats</label>
          <select id="access-hold" name="holdBack" data-type="boolean">
            <option value="false" selected={!holdBack}>
              No: sell them to everyone
            </option>
            <option value="true" selected={holdBack}>
              Yes: only to buyers who state the need
            </option>
          </select>
        </div>
        <div class="field">
          <label for="access-when">Release them when</label>
          <select id="access-when" name="releaseWhen">
            <option value="section_sold_out" selected={when === "section_sold_out"}>
              Every other seat of their section is booked
            </option>
            <option value="event_sold_out" selected={when === "event_sold_out"}>
              Every other seat of the event is booked
            </option>
            <option value="at" selected={when === "at"}>
              At a date and time
            </option>
          </select>
        </div>
        <div class="field">
          <label for="access-at">Release at</label>
          <p class="hint" id="access-at-hint">
            Used when "At a date and time" is chosen; on the clock of {props.zone}
          </p>
          <input id="access-at" name="releaseAt" type="datetime-local" value={at} aria-describedby="access-at-hint" />
        </div>
        <button type="submit">Save accessible seating</button>
      </ApiForm>
    </section>
  );
}
