import type { BookResult, HoldCaller } from "../domain/seats";
import type { Scope } from "../domain/scope";
import { callEvent, stubFor } from "../events/event-object-calls";
import { ServiceError } from "../domain/errors";
import { labelCandidates, splitTypedLabels } from "../domain/typed-labels";

/**
 * The box office books on a customer's behalf without a buyer's hold token: it holds the chosen
 * objects under a token of its own for a moment, then books them with the order id, through the
 * very decisions of the event object that /api/v1 seats/hold and seats/book make (same rules, same
 * history, same webhooks). Nothing is decided here.
 */

/**
 * The labels a clerk typed or clicked (one per line, domain/typed-labels.ts), read against the
 * event's map: a label with spaces or commas is one label, "A-1-1, A-1-2" two.
 */
export async function typedLabels(env: Env, scope: Scope, eventKey: string, lines: string[]): Promise<string[]> {
  const { objects } = await callEvent(env, scope, eventKey, (event) => event.objects(labelCandidates(lines), "all"));
  const known = new Set(objects.map((o) => o.objectLabel));
  return splitTypedLabels(lines, (l) => known.has(l));
}

/** How long the box office's own hold lives should the booking step never come (a crash between the two). */
const HOLD_SECONDS = 60;
/** The box office holds as the integrator's server would: a secret key, no client address. */
const BOX_OFFICE: HoldCaller = { kind: "secret" };

export interface BoxOfficeBooking {
  objectLabels: string[];
  orderId: string;
  /** Places booked in each general-admission area among the labels. */
  quantity: number;
}

/**
 * Holds then books `objectLabels` under one fresh token: seats in one atomic hold, each GA area for
 * `quantity` places. Should any step be refused, whatever this attempt holds is released and the
 * refusal (409 `seat_unavailable` with `failed[]`, say) is the answer.
 */
export async function bookAtBoxOffice(env: Env, scope: Scope, eventKey: string, typed: BoxOfficeBooking): Promise<BookResult> {
  const input = { ...typed, objectLabels: await typedLabels(env, scope, eventKey, typed.objectLabels) };
  const { objects } = await callEvent(env, scope, eventKey, (event) => event.objects(input.objectLabels, "all"));
  const type = new Map(objects.map((o) => [o.objectLabel, o.objectType]));
  const unknown = input.objectLabels.filter((l) => !type.has(l));
  if (unknown.length > 0) {
    throw new ServiceError("seat_unavailable", "Some labels are not on this event's map", {
      failed: unknown.map((objectLabel) => ({ objectLabel, reason: "unknown_label" })),
    });
  }
  const seats = input.objectLabels.filter((l) => type.get(l) === "seat");
  const areas = input.objectLabels.filter((l) => type.get(l) === "generalAdmission");
  const holdToken = `box-office-${crypto.randomUUID()}`;
  try {
    // The box office sells past the event's selection rules and from any channel (the secret key's overrides, docs/selling-rules.md, docs/channels.md).
    if (seats.length > 0)
      await callEvent(env, scope, eventKey, (event) =>
        event.hold({ objectLabels: seats, holdToken, ttlSeconds: HOLD_SECONDS, ignoreSelectionRules: true, ignoreChannels: true }, BOX_OFFICE),
      );
    for (const area of areas) {
      await callEvent(env, scope, eventKey, (event) =>
        event.hold(
          {
            objectLabels: [area],
            holdToken,
            ttlSeconds: HOLD_SECONDS,
            objectType: "generalAdmission",
            quantity: input.quantity,
            ignoreSelectionRules: true,
            ignoreChannels: true,
          },
          BOX_OFFICE,
        ),
      );
    }
    return await callEvent(env, scope, eventKey, (event) => event.book({ objectLabels: input.objectLabels, holdToken, orderId: input.orderId }));
  } catch (err) {
    // Nobody else knows this token: what it still holds would only block the seats until expiry.
    await stubFor(env, scope, eventKey)
      .release({ holdToken, caller: "secret" })
      .catch(() => undefined);
    throw err;
  }
}
