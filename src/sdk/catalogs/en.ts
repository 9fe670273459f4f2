/**
 * The SDK's English messages: every word a buyer sees or hears on the map, in the list, in the
 * waiting room and in announcements. English is built into the bundle; each other language is a
 * file of its own (de.ts, fr.ts, …) served at /sdk/v{version}/i18n/{language}.json and fetched only
 * when a chart speaks it. The ids are public: integrators override single messages with the
 * `messages` option, and docs/sdk.md lists them all (generated from this file).
 *
 * Syntax (domain/message-format.ts): `{name}` a value, `{n, plural, one {# seat} other {# seats}}`
 * plural forms by `Intl.PluralRules` (`=0` for an exact value), `#` the number in the language's
 * digits. Values such as seat labels and section names come from the venue's layout.
 */
import type { EN_VENUE } from "./en-venue";

export const EN = {
  // The map and its toolbar.
  "map.name": "Seat map of {event}",
  "map.loading": "Loading seat map…",
  "map.loadFailed": "The seat map could not be loaded: {reason}",
  "map.empty": "This event has no published seat map yet.",
  "map.stage": "Stage",
  "map.zoomIn": "Zoom in",
  "map.zoomOut": "Zoom out",
  "map.zoomReset": "Show the whole map",
  "map.showList": "Choose from a list",
  "map.sectionBlock": "{section}: {free} of {total} seats available. Press Enter to show its seats.",
  "map.sectionFree": "{free} free",

  // The legend under the map.
  "legend.name": "Legend",
  "legend.selected": "Your selection",
  "legend.held": "Held",
  "legend.booked": "Booked",
  "legend.notForSale": "Not for sale",
  "legend.unavailable": "Not available here",
  "legend.wheelchair": "Wheelchair space",
  "legend.companion": "Companion seat",

  // A seat's name, as the map and the list say it: "Seat A-3-12, Stalls, Premium, wheelchair space,
  // available" on the map; "Stalls, row 3, seat 12, Premium, available" in the list. The parts are
  // joined with list.separator.
  "seat.label": "Seat {label}",
  "seat.row": "row {row}",
  "seat.number": "seat {seat}",
  "list.separator": ", ",
  "status.free": "available",
  "status.selected": "selected",
  "status.held": "held by another buyer",
  "status.booked": "booked",
  "status.notForSale": "not for sale",
  "status.unavailable": "not available here",
  "feature.wheelchair": "wheelchair space",
  "feature.companion": "companion seat",
  "feature.restrictedView": "restricted view",
  "feature.stepFree": "step-free access",
  "feature.hearingLoop": "hearing loop",
  "feature.extraLegroom": "extra legroom",

  // A standing (general admission) area on the map: its remaining places drawn in it, and its name.
  "area.left": "{remaining} left",
  "area.leftOf": "{remaining} of {capacity} left",
  "area.soldOut": "Sold out",
  "area.youHold": "{left} · you hold {quantity}",
  "area.youHoldSpoken": "{left}, you hold {quantity}",
  "area.name": "{name} ({label}), {shown}, general admission, {category}",

  // The tooltip of a seat or area.
  "tooltip.row": "Row {row}",
  "tooltip.seat": "Seat {seat}",
  "tooltip.taken": "Taken",
  "tooltip.placesLeft": "{remaining, plural, one {# place left} other {# places left}}",
  "tooltip.placesLeftOf": "{remaining} of {capacity, plural, one {# place} other {# places}} left",

  // Prices, where the event has them (the server keeps them): the legend's category, a price per
  // place, names, and the prices bar under the legend with the ticket-type picker and the total.
  "price.legend": "{category}: {price}",
  "price.from": "from {price}",
  "price.each": "{price} each",
  "price.bar": "Prices",
  "price.ticketTypeFor": "Ticket type for {category}",
  "price.ticketTypeOption": "{label}, {price}",
  "price.totalNone": "Total: nothing selected",
  "price.total": "Total: {amount}",
  "price.totalWithFees": "Total: {amount} plus {fee} fees",

  // The hold's countdown in the toolbar.
  "countdown.name": "Time left to book your seats",
  "countdown.text": "Held for {time}",
  "countdown.warning": "{minutes, plural, one {# minute} other {# minutes}} left to book your seats",

  // What the map says after an action (a polite live region) and the notice over the map.
  "notice.dismiss": "Dismiss message",
  "notice.expired": "Your held seats have expired — choose your seats again",
  "announce.expired": "Your held seats have expired",
  "announce.seatSelected": "Seat {label} selected",
  "announce.seatsSelected": "{count, plural, one {Seat {labels} selected} other {Seats {labels} selected}}",
  "announce.areaHeld": "{quantity, plural, one {# place} other {# places}} held in {area}",
  "announce.released": "{label} released",
  "announce.admitted": "It is your turn: the seat map is opening.",

  // Why a choice was refused. {what} is seat.label ("Seat B-5-5") or a standing area's name.
  "refusal.taken": "{what} is taken — choose another seat",
  "refusal.justTaken": "{what} was just taken — choose another seat",
  "refusal.booked": "{what} is already booked — choose another seat",
  "refusal.notForSale": "{what} is not for sale — choose another seat",
  "refusal.notInChannel": "{what} is not available here — choose another seat",
  "refusal.notPriced": "{what} is not on sale here — choose another seat",
  "refusal.accessibleOnly": '{what} is kept for buyers who need a wheelchair space or companion seat. If you need one, choose "{filter}" in the list.',
  "refusal.admission": "{what} could not be held — your turn from the waiting room has ended; reload the page to join again",
  "refusal.soldOut": "{what} has no places left — choose another area",
  "refusal.network": "{what} could not be held — check your connection and try again",
  "refusal.rateLimited": "{what} could not be held just now — try again in a moment",
  "refusal.other": "{what} could not be held — choose another seat",
  "refusal.maxTotal": "You can select up to {limit, plural, one {# seat} other {# seats}}",
  "refusal.maxPerCategory": "You can select up to {limit, plural, one {# seat} other {# seats}} in {category}",
  "refusal.maxSeatsPerToken": "You can take up to {limit, plural, one {# seat} other {# seats}} per order",
  "refusal.maxSeatsPerCategory": "You can take up to {limit, plural, one {# seat} other {# seats}} in {category} per order",
  "refusal.clientHoldLimit": "You can hold up to {limit, plural, one {# seat} other {# seats}} at once",
  "refusal.orphanSeat": "That would leave seat {seat} on its own — choose seats next to each other",
  "refusal.rule": "That choice is not allowed for this event — choose other seats",
  "refusal.noBestAvailable":
    "No {quantity, plural, one {free seat matches} other {# free seats match}} your choice right now — try fewer seats or other categories",
  "refusal.seatsAdmission": "Those seats could not be held — your turn from the waiting room has ended; reload the page to join again",
  "refusal.seatsNetwork": "Those seats could not be held — check your connection and try again",
  "refusal.seatsRateLimited": "Those seats could not be held just now — try again in a moment",
  "refusal.seatsOther": "Those seats could not be held — try again",

  // The quantity dialog of a standing area.
  "dialog.howMany": "How many places? (up to {max})",
  "dialog.holdMore": "You hold {current}. How many places in total?",
  "dialog.quantity": "Quantity",
  "dialog.cancel": "Cancel",
  "dialog.release": "Release",
  "dialog.update": "Update",
  "dialog.hold": "Hold",
  "dialog.range": "Enter a number from 1 to {max}.",

  // List mode: the event as a list of sections, rows and seat buttons.
  "list.name": "Seats as a list",
  "list.filter": "Wheelchair spaces and companion seats",
  "list.showMap": "Show the seat map",
  "list.section": "{section}, {count, plural, one {# seat} other {# seats}}",
  "list.sectionAccessible": "{section}, {count, plural, one {# wheelchair or companion seat} other {# wheelchair and companion seats}}",
  "list.rowGroup": "{section}, row {row}",
  "list.row": "Row {row}",
  "list.seats": "Seats",
  "list.noSeats": "No seats in this section.",
  "list.noAccessible": "No wheelchair spaces or companion seats in this section.",
  "list.areaStatus": "General admission, {category}, {left, plural, =0 {sold out} one {# place left} other {# places left}}.",
  "list.areaStatusHeld": "General admission, {category}, {left, plural, =0 {sold out} one {# place left} other {# places left}}, you hold {held}.",
  "list.areaQuantity": "Places in {name}",
  "list.areaHold": "Hold places in {name}",
  "list.areaRelease": "Release places in {name}",

  // The waiting room's queue, shown before the map when the event has one.
  "queue.title": "Waiting room",
  "queue.beforeOpen": "You are in the queue. The sale opens at {time}; places are drawn at random then.",
  "queue.position": "You are number {position} in the queue.",
  "queue.wait": "Estimated wait: {duration}.",
  "queue.lessThanMinute": "less than a minute",
  "queue.minutes": "about {minutes, plural, one {# minute} other {# minutes}}",
  "queue.hours": "about {hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}",
  "queue.keepOpen": "Keep this page open: the seat map opens by itself when it is your turn. Reloading does not lose your place.",
  "queue.announce": "{place} {wait}",

  // Tables, booths, floors and zones (venues beyond rows): what the map and the list say of the
  // seats around a table and a table partly taken. The rest of their words, the SDK's venue part
  // brings (en-venue.ts).
  "status.partiallyTaken": "partly taken: only its free seats can be chosen",
  "seat.table": "table {table}",
  "tooltip.partlyTaken": "Partly taken",
} as const;

/** A message's id: the ones here and the venue part's (en-venue.ts). */
export type MessageId = keyof typeof EN | keyof typeof EN_VENUE;

/** A language's messages: every id, so a missing translation fails the type check (and the catalog test). */
export type Catalog = Record<MessageId, string>;
