/**
 * The dashboard's browser module's English messages (notices, the box office's selection, errors
 * in forms), by id; its German ones are de.ts. The module reads the page's `<html lang>` (set by the
 * server from the member's choice or Accept-Language) and speaks that language. The `field.*`
 * messages word the service's validation messages in a language other than English; English keeps
 * the GOV.UK phrasing of domain/plain-messages.ts.
 */
import { SCHEMA_WORDING_EN } from "../../../domain/schema-wording";

export const CLIENT_EN = {
  "copy.done": "Copied to the clipboard",
  "copy.failed": "Copy did not work: the text is selected, copy it with the keyboard",

  "map.failed": "The seat map could not be loaded.",

  "selection.cleared": "Selection cleared",
  "selection.added": "{label} added to the selection; {count} selected",
  "selection.addedIn": "{label} ({channel}) added to the selection; {count} selected",
  "selection.removed": "{label} removed from the selection; {count} selected",
  "selection.removedIn": "{label} ({channel}) removed from the selection; {count} selected",
  "selection.seatFirst": "Select a seat first: its whole {to, select, rows {row} other {section}} is then added",
  "selection.widened": "{added, plural, one {# seat} other {# seats}} added: whole {to, select, rows {rows} other {sections}}; {count} selected",
  "selection.nothing": "Nothing selected.",
  "selection.count": "{count} selected.",
  "selection.countIn": "{count} selected ({channels}).",
  "selection.inChannel": "{count} in {channel}",
  "selection.tooMany": "The box office acts on at most {max} at once: book them in parts.",
  "selection.price": "Price: {amount}.",
  "selection.priceFees": "Price: {amount} plus {fee} fees.",
  "selection.unpriced": "{count} of them without a price.",

  "form.problem": "The form has a problem",
  "form.offline": "The dashboard could not reach the service. Check your connection and try again.",
  "form.signedOut": "Your session has ended. Open a new sign-in link to continue.",
  "form.answered": "The service answered {status}",
  "form.done": "Done",
  "form.notJson": "is not valid JSON",

  "error.prefix": "Error:",

  "failed.held": "{label} is held",
  "failed.booked": "{label} is booked",
  "failed.not_for_sale": "{label} is not for sale",
  "failed.not_held_by_token": "{label} is not held for this booking",
  "failed.unknown_label": "{label} is not on this event's map",
  "failed.removed": "{label} would be removed",
  "failed.capacity_below_reserved": "{label} would hold fewer places than are reserved",
  "failed.object_type_changed": "{label} would change between seat and general admission",
  "failed.category_changed": "{label} would change category",
  "failed.other": "{label} ({reason})",
  "failed.inEvent": "Event {eventKey} ({environment}): {what}",
  "failed.inEventCounts": "Event {eventKey} ({environment}): {what}: {booked} booked, {held} held",

  ...SCHEMA_WORDING_EN,
} as const;

/** A message's id. */
export type ClientMessageId = keyof typeof CLIENT_EN;

/** A language's messages: every id. */
export type ClientCatalog = Record<ClientMessageId, string>;
