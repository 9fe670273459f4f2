import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client over the D1 binding. Cheap to create: it holds no connection. */
export function db(env: Pick<Env, "DB">) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof db>;

/** Current time as the ISO 8601 string every record uses. */
export function nowIso(): string {
  return new Date().toISOString();
}
