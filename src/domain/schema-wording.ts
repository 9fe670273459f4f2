import type { SchemaWordingId } from "./plain-messages";

/**
 * How the dashboard and the designer word a field a form refuses (plain-messages.ts turns zod's
 * wording into these ids), in each language they speak: one wording, spread into both apps'
 * catalogs, so a field reads the same in the event form and in the chart designer. `{field}` is
 * the field's label, or `field.value` for a field without one.
 */
type SchemaWording = Record<SchemaWordingId | "field.value", string>;

export const SCHEMA_WORDING_EN = {
  "field.required": "{field}: enter a value",
  "field.minLength": "{field} must be {n} characters or more",
  "field.maxLength": "{field} must be {n} characters or fewer",
  "field.chooseOne": "{field}: choose at least one",
  "field.chooseMin": "{field}: choose at least {n}",
  "field.chooseMax": "{field}: choose at most {n}",
  "field.min": "{field} must be {n} or more",
  "field.above": "{field} must be more than {n}",
  "field.max": "{field} must be {n} or less",
  "field.below": "{field} must be less than {n}",
  "field.integer": "{field} must be a whole number",
  "field.number": "{field} must be a number",
  "field.url": "{field}: enter a web address, like https://example.com/webhooks",
  "field.date": "{field}: enter a date and time",
  "field.option": "{field}: select one from the list",
  "field.pattern": "{field} can only use letters, digits, dashes (-) and underscores (_)",
  "field.boolean": "{field}: select whether it applies",
  "field.invalid": "{field}: check it, it is not in a form this field takes",
  "field.value": "Value",
} as const satisfies SchemaWording;

export const SCHEMA_WORDING_DE: SchemaWording = {
  "field.required": "{field}: Bitte ausfüllen",
  "field.minLength": "{field} muss mindestens {n} Zeichen haben",
  "field.maxLength": "{field} darf höchstens {n} Zeichen haben",
  "field.chooseOne": "{field}: Wählen Sie mindestens einen Eintrag",
  "field.chooseMin": "{field}: Wählen Sie mindestens {n}",
  "field.chooseMax": "{field}: Wählen Sie höchstens {n}",
  "field.min": "{field} muss {n} oder mehr sein",
  "field.above": "{field} muss größer als {n} sein",
  "field.max": "{field} muss {n} oder weniger sein",
  "field.below": "{field} muss kleiner als {n} sein",
  "field.integer": "{field} muss eine ganze Zahl sein",
  "field.number": "{field} muss eine Zahl sein",
  "field.url": "{field}: Geben Sie eine Webadresse ein, zum Beispiel https://example.com/webhooks",
  "field.date": "{field}: Geben Sie Datum und Uhrzeit ein",
  "field.option": "{field}: Wählen Sie einen Eintrag aus der Liste",
  "field.pattern": "{field} darf nur Buchstaben, Ziffern, Bindestriche (-) und Unterstriche (_) enthalten",
  "field.boolean": "{field}: Wählen Sie, ob es zutrifft",
  "field.invalid": "{field}: Bitte prüfen, die Eingabe hat nicht die erwartete Form",
  "field.value": "Wert",
};
