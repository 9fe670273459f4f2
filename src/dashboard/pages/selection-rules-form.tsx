import type { SelectionRules } from "../../domain/selling";
import { ApiForm, Field } from "./components";
import { words } from "../words";

/**
 * The event's selection rules as a form: every field empty means no rule, and saving replaces the
 * whole set (PUT). A category cap is offered for each category of the layout, and kept for a
 * category the layout no longer has, so saving never drops a rule the page did not show.
 */
export function SelectionRulesForm(props: { api: string; rules: SelectionRules; categoryKeys: string[] }) {
  const { rules } = props;
  const perCategory = rules.maxSeatsPerCategory ?? {};
  const keys = [...new Set([...props.categoryKeys, ...Object.keys(perCategory)])];
  const value = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const w = words();
  return (
    <section class="panel" aria-labelledby="rules-title">
      <h2 id="rules-title">{w.t("rules.title")}</h2>
      <p class="hint">{w.t("rules.lead")}</p>
      <ApiForm id="selection-rules" api={props.api} method="PUT" done={w.t("rules.saved")} label={w.t("rules.title")}>
        <Field
          id="rule-per-token"
          name="maxSeatsPerToken"
          label={w.t("rules.perOrder")}
          hint={w.t("rules.perOrderHint")}
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxSeatsPerToken)}
        />
        {keys.length > 0 ? (
          <fieldset>
            <legend>{w.t("rules.perCategory")}</legend>
            {keys.map((key, i) => (
              <Field
                id={`rule-category-${i}`}
                name={`maxSeatsPerCategory-${i}`}
                label={key}
                type="number"
                dataType="number"
                min={1}
                max={10000}
                value={value(perCategory[key])}
                group={{ name: "maxSeatsPerCategory", key }}
              />
            ))}
          </fieldset>
        ) : null}
        <div class="field">
          <label for="rule-orphans">{w.t("rules.orphans")}</label>
          <p class="hint" id="rule-orphans-hint">
            {w.t("rules.orphansHint")}
          </p>
          <select id="rule-orphans" name="noOrphanSeats" data-type="boolean" aria-describedby="rule-orphans-hint">
            <option value="" selected={!rules.noOrphanSeats}>
              {w.t("rules.allowed")}
            </option>
            <option value="true" selected={rules.noOrphanSeats === true}>
              {w.t("rules.refused")}
            </option>
          </select>
        </div>
        <Field
          id="rule-per-client"
          name="maxHeldSeatsPerClient"
          label={w.t("rules.perClient")}
          hint={w.t("rules.perClientHint")}
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxHeldSeatsPerClient)}
        />
        <button type="submit" class="button">
          {w.t("rules.save")}
        </button>
      </ApiForm>
    </section>
  );
}
