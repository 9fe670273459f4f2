import { z } from "@hono/zod-openapi";

/**
 * Channels (docs/channels.md): seats and GA places of one event set aside for one sales route (a
 * presale, a sponsor, the box office). Objects in no channel are in the open pool, `NO_CHANNEL`.
 * The event's object stores and enforces them (event-object/state/channels.ts); these are the bodies.
 */

/** The open pool's name in `channelKeys`. */
export const NO_CHANNEL = "NO_CHANNEL";

/** Most channels one event may have. */
export const MAX_CHANNELS = 100;

/** A channel key: 1..64 letters, digits, `-`, `_`. */
export const CHANNEL_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const channelKeySchema = z
  .string()
  .regex(CHANNEL_KEY, "must be 1 to 64 letters, digits, '-' or '_'")
  .refine((k) => k !== NO_CHANNEL, `${NO_CHANNEL} is reserved for the open pool`);

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a hex colour like #1f77b4");

/** One channel as PUT takes it and GET answers it. */
export const channelSchema = z
  .object({
    key: channelKeySchema,
    name: z.string().min(1).max(255),
    color: hexColor.optional(),
    protected: z.boolean().optional().openapi({
      description:
        "A channel not for everyone (a presale): a publishable key takes from it only with a pass (POST …/channels/{channelKey}/passes, sent as X-Channel-Pass), and reads show its free seats as not_for_sale, without channelKey, to anyone without one",
    }),
    objectLabels: z.array(z.string().min(1).max(255)).max(200_000).default([]).openapi({ description: "Seat labels in this channel" }),
    areaPlaces: z
      .record(z.string().min(1).max(255), z.number().int("must be an integer").min(0, "must be at least 0"))
      .optional()
      .openapi({ description: "GA area label → places of the area set aside for this channel" }),
  })
  .openapi("Channel");
export type Channel = z.output<typeof channelSchema>;

/** A channel as the event's object keeps its definition: its seats are kept apart, by label. */
export type ChannelDef = Omit<Channel, "objectLabels">;

/**
 * PUT /events/{eventKey}/channels: replaces every channel. Keys unique and a seat in at most one
 * channel are checked here (the offending path named); labels and GA capacity are checked by the
 * event's object, which knows the layout.
 */
export const channelsBodySchema = z
  .object({ channels: z.array(channelSchema).max(MAX_CHANNELS) })
  .superRefine((b, ctx) => {
    const keys = new Map<string, number>();
    const seatOwner = new Map<string, number>();
    b.channels.forEach((ch, i) => {
      if (keys.has(ch.key)) ctx.addIssue({ code: "custom", path: ["channels", i, "key"], message: `duplicate channel key ${ch.key}` });
      else keys.set(ch.key, i);
      ch.objectLabels.forEach((label, j) => {
        const owner = seatOwner.get(label);
        if (owner === undefined) seatOwner.set(label, i);
        else if (owner !== i)
          ctx.addIssue({ code: "custom", path: ["channels", i, "objectLabels", j], message: `${label} is already in channel ${b.channels[owner]!.key}` });
      });
    });
  })
  .openapi("ChannelsBody");
export type ChannelsBody = z.output<typeof channelsBodySchema>;

/** The event record's summary of a channel: its key and name. */
export const channelSummarySchema = z.object({ key: z.string(), name: z.string() }).openapi("ChannelSummary");
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

/** A hold's pools: channel keys or NO_CHANNEL. */
export const channelKeysSchema = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a channel key or NO_CHANNEL"))
  .min(1)
  .max(MAX_CHANNELS + 1)
  .optional()
  .openapi({ description: 'The pools this hold may take from: channel keys and/or "NO_CHANNEL" (default ["NO_CHANNEL"])' });

/** Secret keys only (box office): the hold may take from any pool. A publishable key sending it is 400. */
export const ignoreChannelsSchema = z.boolean().optional();

/** Channel-aware reasons of a 409 seat_unavailable (`pass_limit`: a protected channel's pass is at its maxSeats, docs/security.md). */
export const CHANNEL_REASONS = ["not_in_channel", "insufficient_capacity", "pass_limit"] as const;
