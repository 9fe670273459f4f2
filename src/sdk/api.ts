import type { ApiObjectsResponse, HoldError, HoldResponse, StatusEntry } from "./types";

/** An API answer other than 2xx, or a network failure (status 0), carried as the SDK's HoldError. */
export class ApiRequestError extends Error {
  readonly detail: HoldError;

  constructor(detail: HoldError) {
    super(detail.message);
    this.name = "ApiRequestError";
    this.detail = detail;
  }
}

/** Body of a seat or GA hold (interface.md "POST seats/hold"). */
export interface HoldRequest {
  objectLabels: string[];
  holdToken: string;
  ttlSeconds?: number;
  objectType?: "generalAdmission";
  quantity?: number;
}

/**
 * The few public-key calls the seat map makes. Every request carries X-Api-Key; the API routes
 * answer CORS, so the page may live on any origin.
 */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly publicKey: string,
    private readonly eventKey: string,
  ) {}

  /** The event's URL prefix, e.g. https://host/api/v1/events/gala-2026 */
  get eventUrl(): string {
    return `${this.baseUrl}/api/v1/events/${encodeURIComponent(this.eventKey)}`;
  }

  /** The WebSocket URL of the live feed: same origin, ws(s) scheme, key in the query (browsers cannot set headers on a socket). */
  get liveUrl(): string {
    const url = new URL(`${this.eventUrl}/live`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("key", this.publicKey);
    return url.toString();
  }

  objects(): Promise<ApiObjectsResponse> {
    return this.request<ApiObjectsResponse>("GET", "/objects");
  }

  async status(holdToken: string): Promise<StatusEntry[]> {
    const body = await this.request<{ objects: StatusEntry[] }>("GET", `/status?holdToken=${encodeURIComponent(holdToken)}`);
    return body.objects ?? [];
  }

  hold(body: HoldRequest): Promise<HoldResponse> {
    return this.request<HoldResponse>("POST", "/seats/hold", body);
  }

  release(body: { objectLabels?: string[]; holdToken: string }): Promise<{ objects: { objectLabel: string; status: string }[] }> {
    return this.request("POST", "/seats/release", body);
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "X-Api-Key": this.publicKey };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(this.eventUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new ApiRequestError({ code: "network_error", message: err instanceof Error ? err.message : "Network error", status: 0 });
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer (a proxy's HTML page, say) is reported below with the HTTP status.
    }
    if (!res.ok) {
      const env = (parsed ?? {}) as { code?: string; message?: string; failed?: HoldError["failed"] };
      throw new ApiRequestError({
        code: env.code ?? `http_${res.status}`,
        message: env.message ?? `HTTP ${res.status}`,
        status: res.status,
        failed: env.failed,
      });
    }
    return parsed as T;
  }
}
