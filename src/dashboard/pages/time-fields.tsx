import { DEFAULT_TIME_ZONE, localInputValue } from "../../domain/time-zones";
import { words } from "../words";
import { Labelled } from "./components";

/**
 * The dashboard's date and time controls: a date-and-time picker that reads and shows a time on the
 * clock of an event's time zone (the server reads the picker's wall-clock value in that zone, see
 * domain/time-zones.ts), and a time zone field that offers the IANA names the runtime knows.
 */

/** Every IANA zone the runtime knows, for the time zone fields' suggestions. */
function zoneNames(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [DEFAULT_TIME_ZONE];
  }
}

/** The suggestions of every time zone field of a page; rendered once, named by `list="time-zones"`. */
export function TimeZoneOptions() {
  return (
    <datalist id="time-zones">
      {[DEFAULT_TIME_ZONE, ...zoneNames().filter((z) => z !== DEFAULT_TIME_ZONE)].map((z) => (
        <option value={z}></option>
      ))}
    </datalist>
  );
}

/**
 * The venue's time zone. Left empty on a new event or season, the browser fills in its own zone
 * (client/time-zone-field.ts): the venue's staff are usually where the venue is.
 */
export function TimeZoneField(props: { id: string; value?: string; hint?: string; fillFromBrowser?: boolean; required?: boolean }) {
  return (
    <Labelled
      id={props.id}
      label={words().t("time.zone")}
      hint={props.hint ?? words().t("time.zoneHint")}
      control={(hintId) => (
        <input
          id={props.id}
          name="timeZone"
          type="text"
          list="time-zones"
          value={props.value}
          aria-describedby={hintId}
          aria-required={props.required ? "true" : undefined}
          autocomplete="off"
          spellcheck={false}
          data-fill-zone={props.fillFromBrowser ? "browser" : undefined}
        />
      )}
    />
  );
}

/**
 * A date and time on the clock of `zone`: an `<input type="datetime-local">` whose value is the
 * instant `at` as that clock shows it. The form sends the wall-clock value; the server reads it in
 * the zone the form names (or the event's own).
 */
export function DateTimeField(props: {
  id: string;
  name: string;
  label: string;
  at?: string | null;
  zone?: string;
  hint?: string;
  required?: boolean;
  /** Emptied, the field sends null (an edit form clearing the time). */
  emptyAsNull?: boolean;
  group?: { name: string; key: string };
}) {
  const zone = props.zone ?? DEFAULT_TIME_ZONE;
  return (
    <Labelled
      id={props.id}
      label={props.label}
      hint={props.hint ?? words().t("time.onClock", { zone })}
      control={(hintId) => (
        <input
          id={props.id}
          name={props.name}
          type="datetime-local"
          value={localInputValue(props.at, zone)}
          aria-describedby={hintId}
          aria-required={props.required ? "true" : undefined}
          data-empty={props.emptyAsNull ? "null" : undefined}
          data-group={props.group?.name}
          data-key={props.group?.key}
        />
      )}
    />
  );
}
