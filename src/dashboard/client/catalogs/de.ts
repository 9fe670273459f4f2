/**
 * The dashboard's browser module's messages in German (ids and syntax: en.ts); formal address (Sie).
 */
import type { ClientCatalog } from "./en";
import { SCHEMA_WORDING_DE } from "../../../domain/schema-wording";

const de: ClientCatalog = {
  "copy.done": "In die Zwischenablage kopiert",
  "copy.failed": "Kopieren hat nicht geklappt: Der Text ist markiert, kopieren Sie ihn mit der Tastatur",

  "map.failed": "Der Sitzplan konnte nicht geladen werden.",

  "selection.cleared": "Auswahl aufgehoben",
  "selection.added": "{label} zur Auswahl hinzugefügt; {count} ausgewählt",
  "selection.addedIn": "{label} ({channel}) zur Auswahl hinzugefügt; {count} ausgewählt",
  "selection.removed": "{label} aus der Auswahl entfernt; {count} ausgewählt",
  "selection.removedIn": "{label} ({channel}) aus der Auswahl entfernt; {count} ausgewählt",
  "selection.seatFirst": "Wählen Sie zuerst einen Platz: Dann wird {to, select, rows {seine ganze Reihe} other {sein ganzer Block}} hinzugefügt",
  "selection.widened": "{added, plural, one {# Platz} other {# Plätze}} hinzugefügt: ganze {to, select, rows {Reihen} other {Blöcke}}; {count} ausgewählt",
  "selection.nothing": "Nichts ausgewählt.",
  "selection.count": "{count} ausgewählt.",
  "selection.countIn": "{count} ausgewählt ({channels}).",
  "selection.inChannel": "{count} in {channel}",
  "selection.tooMany": "Die Kasse verarbeitet höchstens {max} auf einmal: Buchen Sie in Teilen.",
  "selection.price": "Preis: {amount}.",
  "selection.priceFees": "Preis: {amount} zuzüglich {fee} Gebühren.",
  "selection.unpriced": "{count} davon ohne Preis.",

  "form.problem": "Das Formular enthält einen Fehler",
  "form.offline": "Das Dashboard hat den Dienst nicht erreicht. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "form.signedOut": "Ihre Sitzung ist beendet. Öffnen Sie einen neuen Anmeldelink, um fortzufahren.",
  "form.answered": "Der Dienst antwortete mit {status}",
  "form.done": "Erledigt",
  "form.notJson": "ist kein gültiges JSON",

  "error.prefix": "Fehler:",

  "failed.held": "{label} ist reserviert",
  "failed.booked": "{label} ist gebucht",
  "failed.not_for_sale": "{label} ist nicht im Verkauf",
  "failed.not_held_by_token": "{label} ist für diese Buchung nicht reserviert",
  "failed.unknown_label": "{label} ist nicht im Sitzplan dieser Veranstaltung",
  "failed.removed": "{label} würde entfernt",
  "failed.capacity_below_reserved": "{label} hätte weniger Plätze, als reserviert sind",
  "failed.object_type_changed": "{label} würde zwischen Sitzplatz und Stehplatz wechseln",
  "failed.category_changed": "{label} würde die Kategorie wechseln",
  "failed.other": "{label} ({reason})",
  "failed.inEvent": "Veranstaltung {eventKey} ({environment}): {what}",
  "failed.inEventCounts": "Veranstaltung {eventKey} ({environment}): {what}: {booked} gebucht, {held} reserviert",

  ...SCHEMA_WORDING_DE,
};

export default de;
