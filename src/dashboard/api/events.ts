import { Hono } from "hono";
import { z } from "zod";
import { EVENT_KEY, eventCreateSchema, eventPatchSchema } from "../../domain/events";
import { CHANNEL_KEY, NO_CHANNEL } from "../../domain/channels";
import { assignToChannel } from "../../events/channel-operations";
import { MAX_SALES_SPANS, SALES_SPANS } from "../../domain/sales-timeline";
import { orderIdSchema } from "../../domain/status-changes";
import { labelsRequestSchema, labelsSchema } from "../../domain/seats";
import { selectionRulesSchema } from "../../domain/selling";
import { accessibilityFormSchema, fromAccessibilityForm } from "../../domain/accessibility";
import { ApiError } from "../../http/errors";
import { callEvent } from "../../events/event-object-calls";
import { createEvent, getEventRecord, listEventRecords, updateEventDetails } from "../../events/event-operations";
import { afterKeyOf, listQuery, nextCursor } from "../../http/pagination";
import { validated } from "../../http/validation";
import { bookAtBoxOffice, typedLabels } from "../box-office";
import { createEventLike } from "../../event-settings/settings-copy";
import { importEventFromSandbox } from "../../event-settings/sandbox-import";
import { importEventBodySchema } from "../../domain/event-settings";
import { waitingRoomConfigSchema } from "../../domain/waiting-room";
import { dateTimeInputSchema, toInstant } from "../../domain/time-zones";
import { configureRoom, deleteEventAndRoom } from "../../waiting-room/room-operations";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * /dashboard/api/{environment}/events: the events of the session's workspace in one environment,
 * through events/event-operations.ts and the event object's own decisions, as /api/v1/events. The box
 * office acts with a secret key's rights (it may book, release booked seats and release by order).
 */
export const eventRoutes = new Hono<DashEnv>();

const base = `${ENV}/events`;
const one = `${base}/:eventKey`;

/** Sales timelines are drawn with at most this many spans. */
const salesQuery = z.object({ spans: z.coerce.number().int().min(1).max(MAX_SALES_SPANS).default(SALES_SPANS) });

const bookBody = z.object({ objectLabels: labelsSchema, orderId: orderIdSchema, quantity: z.number().int().min(1, "must be at least 1").default(1) });

const releaseBody = z
  .object({ objectLabels: labelsSchema.optional(), orderId: orderIdSchema.optional() })
  .refine((b) => b.objectLabels !== undefined || b.orderId !== undefined, { message: "Select objects or give an order id", path: ["objectLabels"] });

/** A sandbox event copied to production (event-settings/sandbox-import.ts): a workspace action, so only under /production. */
eventRoutes.post("/production/events/import-from-sandbox", async (c) =>
  c.json(await importEventFromSandbox(c.env, c.var.session.workspaceId, await jsonBody(c, importEventBodySchema)), 201),
);

eventRoutes.get(base, async (c) => {
  const { limit, cursor } = validated(listQuery, c.req.query());
  const page = await listEventRecords(c.env, scope(c), { limit, afterKey: afterKeyOf(cursor, EVENT_KEY) });
  return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
});

/** The dashboard's new event may be set up like another one ("Copy settings from"). */
const createBody = eventCreateSchema.extend({ copySettingsFrom: z.string().regex(EVENT_KEY, "must be an event key").optional() });

eventRoutes.post(base, async (c) => {
  const { copySettingsFrom, ...input } = await jsonBody(c, createBody);
  const s = scope(c);
  return c.json(copySettingsFrom ? await createEventLike(c.env, s, input, copySettingsFrom) : await createEvent(c.env, s, input), 201);
});

eventRoutes.get(one, async (c) => c.json(await getEventRecord(c.env, scope(c), c.req.param("eventKey")), 200));

eventRoutes.patch(one, async (c) => c.json(await updateEventDetails(c.env, scope(c), c.req.param("eventKey"), await jsonBody(c, eventPatchSchema)), 200));

/** The channel editor's body: seats selected on the map and/or GA places, for one channel (or NO_CHANNEL). */
const assignBody = z.object({
  channelKey: z.string().refine((k) => k === NO_CHANNEL || CHANNEL_KEY.test(k), "must be 1 to 64 letters, digits, '-' or '_', or NO_CHANNEL"),
  channelName: z.string().min(1).max(255).optional(),
  objectLabels: z.array(z.string().min(1).max(255)).max(10_000).optional(),
  areaPlaces: z.record(z.string().min(1).max(255), z.number().int().min(0, "must be at least 0")).optional(),
  protected: z.boolean().optional(),
});

eventRoutes.post(`${one}/channels/assign`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const body = await jsonBody(c, assignBody);
  const objectLabels = body.objectLabels && (await typedLabels(c.env, s, eventKey, body.objectLabels));
  return c.json(await assignToChannel(c.env, s, eventKey, { ...body, objectLabels }), 200);
});

/** The room's form: its opening picked on the clock of the event's time zone. */
const roomForm = waitingRoomConfigSchema.extend({ opensAt: dateTimeInputSchema });

eventRoutes.put(`${one}/waiting-room`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const form = await jsonBody(c, roomForm);
  const { timeZone } = await getEventRecord(c.env, s, eventKey);
  return c.json(await configureRoom(c.env, s, eventKey, { ...form, opensAt: toInstant(form.opensAt, timeZone) }), 200);
});

eventRoutes.delete(one, async (c) => c.json(await deleteEventAndRoom(c.env, scope(c), c.req.param("eventKey")), 200));

eventRoutes.get(`${one}/reports`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.reports()), 200);
});

eventRoutes.get(`${one}/sales`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const { spans } = validated(salesQuery, c.req.query());
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.salesTimeline(spans)), 200);
});

eventRoutes.get(`${one}/selection-rules`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.selectionRules()), 200);
});

eventRoutes.put(`${one}/selection-rules`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const rules = await jsonBody(c, selectionRulesSchema);
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.setSelectionRules(rules)), 200);
});

eventRoutes.put(`${one}/accessibility`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const form = await jsonBody(c, accessibilityFormSchema);
  const body = fromAccessibilityForm(form, (await getEventRecord(c.env, s, eventKey)).timeZone);
  if (body === null) throw new ApiError("validation_failed", "Give the date and time to release at", { errors: { releaseAt: ["must be a date and time"] } });
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.setAccessibility(body)), 200);
});

eventRoutes.post(`${one}/box-office/book`, async (c) =>
  c.json(await bookAtBoxOffice(c.env, scope(c), c.req.param("eventKey"), await jsonBody(c, bookBody)), 200),
);

eventRoutes.post(`${one}/box-office/release`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const body = await jsonBody(c, releaseBody);
  const objectLabels = body.objectLabels && (await typedLabels(c.env, s, eventKey, body.objectLabels));
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.release({ ...body, objectLabels, caller: "secret" })), 200);
});

eventRoutes.post(`${one}/box-office/not-for-sale`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const { objectLabels: typed } = await jsonBody(c, labelsRequestSchema);
  const objectLabels = await typedLabels(c.env, s, eventKey, typed);
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.notForSale(objectLabels)), 200);
});

eventRoutes.post(`${one}/box-office/for-sale`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  const { objectLabels: typed } = await jsonBody(c, labelsRequestSchema);
  const objectLabels = await typedLabels(c.env, s, eventKey, typed);
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.forSale(objectLabels)), 200);
});

eventRoutes.post(`${one}/reset`, async (c) => {
  const s = scope(c);
  const eventKey = c.req.param("eventKey");
  return c.json(await callEvent(c.env, s, eventKey, (event) => event.reset()), 200);
});
