import { DurableObject } from "cloudflare:workers";

/** One instance per (workspace, environment, event): the only place seat state changes. */
export class EventObject extends DurableObject<Env> {}
