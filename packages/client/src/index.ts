/**
 * The seat reservation service's TypeScript client: one method per operation of /openapi.json,
 * typed by the generated code in ./generated (never edited by hand), with a thin layer over it:
 * retries with backoff and jitter (retry.ts), an Idempotency-Key per call reused by its retries,
 * typed errors (errors.ts), a per-call timeout and `for await` pagination. Needs nothing but
 * `fetch`: Node ≥ 20, Workers and browsers (with a publishable key).
 *
 * @example
 * const seats = createSeatsClient({ baseUrl: "https://seats.example.com", apiKey: process.env.SEATS_SECRET_KEY });
 * const booked = await seats.bookSeats({ path: { eventKey: "gala" }, body: { objectLabels: ["A-1-1"], holdToken } });
 * for await (const event of paginate(seats.listEvents, { query: { limit: 100 } })) console.log(event.eventKey);
 */
import { createClient, createConfig } from "./generated/client/index.js";
import * as operations from "./generated/sdk.gen.js";
import { SeatsApiError, SeatsNetworkError } from "./errors.js";
import { DEFAULT_RETRY, retryingFetch, type RetryPolicy } from "./retry.js";

export * from "./errors.js";
export type * from "./generated/types.gen.js";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";

export interface SeatsClientOptions {
  /** Where the service runs, e.g. `https://seats.example.com` (no path). */
  baseUrl: string;
  /** A secret key (server side) or a publishable key (browsers), sent as X-Api-Key. */
  apiKey?: string;
  /** The deployment's ADMIN_TOKEN, for the operator API (/admin/v1) only. */
  adminToken?: string;
  /** Retries on network errors, 429 and 5xx: at most 2 (the default). `{ retries: 0 }` turns them off. */
  retry?: Partial<RetryPolicy>;
  /** Per-call timeout in ms over all attempts (default 30 s); a call may set its own. */
  timeoutMs?: number;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
}

/** Options of one call, beside the operation's own path, query, body and headers. */
export interface CallOptions {
  /** This call's timeout in ms, over all its attempts. */
  timeoutMs?: number;
  /** The Idempotency-Key of a POST; a random UUID per call when omitted. Reuse it to make two calls one. */
  idempotencyKey?: string;
  /** Cancels the call. */
  signal?: AbortSignal;
}

type Operations = typeof operations;
type OptionsOf<F> = F extends (options: infer O) => unknown ? Omit<O, "client" | "throwOnError" | "url"> : never;
type DataOf<F> = F extends (...args: never[]) => Promise<infer R> ? (R extends { data: infer D } ? Exclude<D, undefined> : never) : never;
type Method<F> =
  {} extends OptionsOf<F>
    ? (options?: OptionsOf<F>, call?: CallOptions) => Promise<DataOf<F>>
    : (options: OptionsOf<F>, call?: CallOptions) => Promise<DataOf<F>>;

/** One method per operation, named by its operationId; each answers the success body or throws a {@link SeatsApiError} or {@link SeatsNetworkError}. */
export type SeatsClient = { [K in keyof Operations]: Method<Operations[K]> };

const DEFAULT_TIMEOUT_MS = 30_000;

/** Makes a client. */
export function createSeatsClient(options: SeatsClientOptions): SeatsClient {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers["X-Api-Key"] = options.apiKey;
  if (options.adminToken) headers["Authorization"] = `Bearer ${options.adminToken}`;
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient(
    createConfig({ baseUrl: options.baseUrl.replace(/\/+$/, ""), headers, fetch: retryingFetch(base as typeof fetch, policy) as typeof fetch }),
  );

  // One key per POST call, set before retries (which sit below, in the fetch), so every attempt of
  // the call carries the same one. Other methods get none: in a browser it would cost a preflight.
  client.interceptors.request.use((request) => {
    if (request.method === "POST" && !request.headers.has("Idempotency-Key")) request.headers.set("Idempotency-Key", crypto.randomUUID());
    return request;
  });

  const methods: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(operations)) {
    if (typeof operation !== "function") continue;
    methods[name] = async (opts: Record<string, unknown> = {}, call: CallOptions = {}) => {
      const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
      const callHeaders = new Headers(opts.headers as HeadersInit | undefined);
      if (call.idempotencyKey !== undefined) callHeaders.set("Idempotency-Key", call.idempotencyKey);
      const result =
        (await (operation as (o: unknown) => Promise<{ data?: unknown; error?: unknown; request?: Request; response?: Response }>)({
          ...opts,
          headers: callHeaders,
          signal,
          client,
          throwOnError: false,
        })) ?? {};
      if (result.response === undefined) throw new SeatsNetworkError(result.error, timeout.aborted);
      if (!result.response.ok) throw new SeatsApiError(result.response.status, result.error);
      return result.data;
    };
  }
  return methods as SeatsClient;
}

/** A page of a list operation. */
export interface Page<I> {
  items: I[];
  nextCursor?: string | null;
}

/**
 * Every item of a list operation, page after page, for `for await`.
 *
 * @example for await (const chart of paginate(seats.listCharts, { query: { limit: 100 } })) …
 */
export async function* paginate<M extends (options: never, call?: CallOptions) => Promise<Page<unknown>>>(
  method: M,
  options: Parameters<M>[0],
  call?: CallOptions,
): AsyncGenerator<Awaited<ReturnType<M>>["items"][number], void, undefined> {
  const list = method as unknown as (options: { query?: { cursor?: string } }, call?: CallOptions) => Promise<Page<unknown>>;
  const first = (options ?? {}) as { query?: { cursor?: string } };
  let cursor = first.query?.cursor;
  for (;;) {
    const page = await list({ ...first, query: { ...first.query, cursor } }, call);
    yield* page.items as Awaited<ReturnType<M>>["items"][number][];
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
