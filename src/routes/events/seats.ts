import { createRoute, type z } from "@hono/zod-openapi";
import {
  bookRequestSchema,
  bookResultSchema,
  extendRequestSchema,
  freedResultSchema,
  holdRequestSchema,
  holdResultSchema,
  notForSaleResultSchema,
  saleRequestSchema,
  releaseRequestSchema,
  resetResultSchema,
} from "../../domain/seats";
import { holdBestAvailableRequestSchema, holdBestAvailableResultSchema } from "../../domain/selling";
import type { CallerKind, HoldCaller, HoldRequest, HoldResult } from "../../domain/seats";
import { newRouter } from "../../http/app-factory";
import { clientAddress } from "../../http/client-limit";
import type { Principal } from "../../http/context";
import { errorResponses } from "../../http/openapi";
import { refuseSeatAction } from "../../domain/seat-action-keys";
import { callEvent, eventKeyParam, seatActionGuard } from "./support";
import type { Context } from "hono";
import type { AppEnv } from "../../http/context";
import type { EventStub } from "../../events/event-object-calls";
import { REPLAYED_HEADER, type IdempotencyClaim, type Replayed } from "../../domain/idempotency";
import type { Outcome } from "../../domain/outcome";
import { ADMISSION_HEADER } from "../../domain/waiting-room";
import { admittedEventId } from "../../waiting-room/room-operations";
import { PASS_HEADER } from "../../domain/channel-passes";
import { verifyChannelPasses } from "../../events/channel-passes";

/**
 * /api/v1/events/{eventKey}/seats/*: hold, book, release, extend, not-for-sale, for-sale, and the
 * sandbox reset. Each call is one decision of the event's Durable Object.
 */
export const eventSeats = newRouter();

/** Who is holding: the key kind, and for a publishable key the client address its holds count against. */
export function callerOf(kind: CallerKind, client: string | undefined): HoldCaller {
  return kind === "public" && client !== undefined ? { kind, client } : { kind };
}

/**
 * The caller of a hold, with whether its X-Admission is a live admission to this event for this
 * client (docs/waiting-room.md): one signature check, and none when the header is absent. The event's
 * object decides whether the hold needed one.
 */
async function admittedCaller(env: Env, principal: Principal, client: string | undefined, eventKey: string, headers: Headers): Promise<HoldCaller> {
  const caller = callerOf(principal.kind, client);
  if (principal.kind !== "public") return caller;
  // docs/security.md: a protected channel is taken from only with its pass (one HMAC each; none without the header).
  const passes = headers.get(PASS_HEADER);
  if (passes !== null) caller.passes = await verifyChannelPasses(env, principal, passes);
  const admission = headers.get(ADMISSION_HEADER) ?? undefined;
  if (admission === undefined) return caller;
  const eventId = await admittedEventId(env, principal, eventKey, client ?? "", admission);
  if (eventId !== null) caller.admittedTo = [eventId];
  return caller;
}

/** A validated hold of a known, counted caller: the key rules, then the event object's decision. */
async function holdFor(
  env: Env,
  principal: Principal,
  client: string | undefined,
  headers: Headers,
  eventKey: string,
  body: HoldRequest,
  idem?: IdempotencyClaim,
  onReplay?: () => void,
): Promise<HoldResult> {
  refuseSeatAction(principal.kind, "hold", body);
  const caller = await admittedCaller(env, principal, client, eventKey, headers);
  return callEvent(env, principal, eventKey, async (event) => {
    const answer: Replayed<Outcome<HoldResult>> = await event.hold(body, caller, idem);
    if (answer.replayed) onReplay?.();
    return answer;
  });
}

/**
 * Runs a seat decision with the request's Idempotency-Key claim (http/idempotency.ts), if any; the
 * object answers a repeat with its stored answer, which is marked `Idempotent-Replayed: true`
 * (a stored refusal too: the header is set before callEvent throws it).
 */
async function decideOnce<T>(
  c: Context<AppEnv>,
  eventKey: string,
  decide: (event: EventStub, idem: IdempotencyClaim | undefined) => Promise<Replayed<Outcome<T>>>,
): Promise<T> {
  const idem = c.get("idempotency");
  return callEvent(c.env, c.var.principal, eventKey, async (event) => {
    const answer = await decide(event, idem);
    if (answer.replayed) c.header(REPLAYED_HEADER, "true");
    return answer;
  });
}

const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true as const } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { "application/json": { schema } } } });

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/hold",
    operationId: "holdSeats",
    middleware: seatActionGuard("hold"),
    summary: "Hold seats or a GA quantity under a hold token",
    description:
      "Atomic over 1 to 200 labels. holdToken is required (8-255 chars). ttlSeconds: > 0, at most 86400, default 900; with a publishable key at most the event's maxPublicHoldSeconds (default 1800), default the smaller of 900 and that, a GA quantity at most 50 and extraData at most 1024 bytes (400 validation_failed naming the field), and at most maxHeldSeatsPerClient (default 20) seats plus places held per client address. A protected channel is taken from with a publishable key only with its pass in X-Channel-Pass (comma-separated for several); without one its seats are 409 seat_unavailable (not_in_channel), and a pass's maxSeats reached is 409 seat_unavailable (pass_limit). A GA hold takes one label, objectType generalAdmission and quantity (the token's total), from the pools it may take from (several when no one pool has them all): beyond its pools' free places it is 409 seat_unavailable (reason insufficient_capacity), and when it may take from every pool of the area, beyond the area's remaining capacity 409 ga_capacity_exceeded. While the event's waiting room is enabled and open, a publishable key must send the X-Admission header of an admitted ticket (403 admission_required).",
    request: { params: eventKeyParam, ...json(holdRequestSchema) },
    responses: { ...ok("Held", holdResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  // c.get, not c.var: the busiest route skips building an object of every context variable.
  async (c) =>
    c.json(
      await holdFor(
        c.env,
        c.get("principal"),
        clientAddress(c.req.raw.headers),
        c.req.raw.headers,
        c.req.valid("param").eventKey,
        c.req.valid("json"),
        c.get("idempotency"),
        () => c.header(REPLAYED_HEADER, "true"),
      ),
      200,
    ),
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/hold-best-available",
    operationId: "holdBestAvailable",
    middleware: seatActionGuard("hold-best-available"),
    summary: "Hold the best available seats under a hold token",
    description:
      "Seats only, free and matching `categories` and `sections`. A block of `quantity` adjacent seats of one row wins; blocks that leave no single stranded seat win over those that do; then the nearest to the layout's focalPoint (or the earliest section, row and the middle of the row). Without such a block the nearest free seats, unless `together`. Atomic, under the event's selection rules and a publishable key's limits (ttlSeconds, extraData, the per-client cap, as for hold). Seats of a protected channel are candidates only with its pass in X-Channel-Pass. 409 `no_best_available` when nothing fits, `selection_rule_violated` when the rules refuse every candidate. While the event's waiting room is enabled and open, a publishable key must send X-Admission (403 admission_required).",
    request: { params: eventKeyParam, ...json(holdBestAvailableRequestSchema) },
    responses: { ...ok("Held", holdBestAvailableResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    const body = c.req.valid("json");
    refuseSeatAction(p.kind, "hold-best-available", body);
    const caller = await admittedCaller(c.env, p, clientAddress(c.req.raw.headers), eventKey, c.req.raw.headers);
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.holdBestAvailable(body, caller, idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/book",
    operationId: "bookSeats",
    middleware: seatActionGuard("book"),
    summary: "Book what a hold token holds (secret key)",
    request: { params: eventKeyParam, ...json(bookRequestSchema) },
    responses: { ...ok("Booked", bookResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.book(c.req.valid("json"), idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/release",
    operationId: "releaseSeats",
    middleware: seatActionGuard("release"),
    summary: "Release held (and, with a secret key, booked) objects",
    description:
      "At least one of objectLabels, holdToken and orderId. A publishable key needs holdToken and frees only live holds under it. A secret key with orderId frees what was booked under that order (narrowed by objectLabels and holdToken when given). The response lists what was freed; labels with nothing to free are skipped.",
    request: { params: eventKeyParam, ...json(releaseRequestSchema) },
    responses: { ...ok("Released", freedResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const b = c.req.valid("json");
    const p = c.var.principal;
    refuseSeatAction(p.kind, "release", b);
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.release({ ...b, caller: p.kind }, idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/extend",
    operationId: "extendHold",
    middleware: seatActionGuard("extend"),
    summary: "Move the expiry of a token's live holds to now + ttlSeconds (secret key)",
    request: { params: eventKeyParam, ...json(extendRequestSchema) },
    responses: { ...ok("Extended", holdResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.extend(c.req.valid("json"), idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/not-for-sale",
    operationId: "markNotForSale",
    middleware: seatActionGuard("not-for-sale"),
    summary: "Take free seats and GA places off sale (secret key)",
    description:
      "Any of objectLabels, categories (every free seat of those categories) and areaPlaces ({ gaLabel: places }: that many free places of the area's open pool). All or nothing: 409 seat_unavailable (reason insufficient_capacity for too few free places) changes nothing.",
    request: { params: eventKeyParam, ...json(saleRequestSchema) },
    responses: { ...ok("Marked", notForSaleResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.notForSale(c.req.valid("json"), idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/for-sale",
    operationId: "markForSale",
    middleware: seatActionGuard("for-sale"),
    summary: "Return not-for-sale seats and GA places to sale (secret key)",
    description:
      "Any of objectLabels, categories (every not-for-sale seat of those categories) and areaPlaces ({ gaLabel: places }). Seats that were not off sale are skipped; an area with fewer places off sale than asked is 409 and nothing changes.",
    request: { params: eventKeyParam, ...json(saleRequestSchema) },
    responses: { ...ok("Freed (lists the seats that were not for sale)", freedResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.forSale(c.req.valid("json"), idem)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/reset",
    operationId: "resetEvent",
    middleware: seatActionGuard("reset"),
    summary: "Free every object of a sandbox event (secret key)",
    request: { params: eventKeyParam },
    responses: { ...ok("Reset", resetResultSchema), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await decideOnce(c, eventKey, (event, idem) => event.reset(idem)), 200);
  },
);
