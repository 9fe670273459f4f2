import type { Accessibility } from "../../domain/accessibility";
import { ApiForm } from "./components";
import { localInputValue } from "../../domain/time-zones";
import { words } from "../words";

/**
 * The event's hold-back of wheelchair spaces and companion seats (docs/accessibility.md) as a form. The
 * release time is a date and time on the clock of the event's time zone; the data route turns the
 * form into the API's body.
 */
export function AccessibilityForm(props: { api: string; settings: Accessibility; zone: string }) {
  const { holdBack, releaseWhen } = props.settings;
  const when = typeof releaseWhen === "object" ? "at" : releaseWhen;
  const at = typeof releaseWhen === "object" ? localInputValue(releaseWhen.at, props.zone) : "";
  const w = words();
  return (
    <section class="panel" aria-labelledby="access-title">
      <h2 id="access-title">{w.t("access.title")}</h2>
      <p class="hint">{w.t("access.lead")}</p>
      <ApiForm id="accessibility" api={props.api} method="PUT" done={w.t("access.saved")} label={w.t("access.title")}>
        <div class="field">
          <label for="access-hold">{w.t("access.hold")}</label>
          <select id="access-hold" name="holdBack" data-type="boolean">
            <option value="false" selected={!holdBack}>
              {w.t("access.holdNo")}
            </option>
            <option value="true" selected={holdBack}>
              {w.t("access.holdYes")}
            </option>
          </select>
        </div>
        <div class="field">
          <label for="access-when">{w.t("access.when")}</label>
          <select id="access-when" name="releaseWhen">
            <option value="section_sold_out" selected={when === "section_sold_out"}>
              {w.t("access.sectionSoldOut")}
            </option>
            <option value="event_sold_out" selected={when === "event_sold_out"}>
              {w.t("access.eventSoldOut")}
            </option>
            <option value="at" selected={when === "at"}>
              {w.t("access.atTime")}
            </option>
          </select>
        </div>
        <div class="field">
          <label for="access-at">{w.t("access.at")}</label>
          <p class="hint" id="access-at-hint">
            {w.t("access.atHint", { zone: props.zone })}
          </p>
          <input id="access-at" name="releaseAt" type="datetime-local" value={at} aria-describedby="access-at-hint" />
        </div>
        <button type="submit">{w.t("access.save")}</button>
      </ApiForm>
    </section>
  );
}
