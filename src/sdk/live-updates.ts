/**
 * Live seat status: a WebSocket (`/live`, served by one of the event's relays), which sends a
 * `snapshot` on connect (or, given `since`, only what changed after the chart's status read) and
 * `changes` after every state change. When the socket cannot open or drops, the feed
 * polls GET /status every two seconds and keeps trying the socket again with exponential backoff,
 * so a map behind a proxy that blocks WebSockets still updates. A socket that opens again asks for
 * what changed after the last `seq` the map drew (`since`), not for the whole view.
 *
 * Every message and status read carries `seq`, the latest status change it includes: anything not
 * newer than what the map has drawn is dropped (a poll answered after the socket reopened, a
 * change already in the status read the map was drawn from), so the map never shows a seat older
 * than a newer one it showed.
 */
import type { LiveMessage, StatusEntry } from "./types";

export interface LiveHandlers {
  /** A full picture: every non-free object (anything missing is free). `fromPoll` entries carry `mine`. */
  onSnapshot(entries: StatusEntry[], fromPoll: boolean): void;
  /** Only what changed; freed objects come with status "free". */
  onChanges(entries: StatusEntry[]): void;
  onModeChange?(mode: LiveMode): void;
}

export type LiveMode = "connecting" | "socket" | "polling" | "stopped";

export interface LiveOptions {
  /** false skips the socket and polls only. */
  socket: boolean;
  pollMs?: number;
  maxBackoffMs?: number;
}

/** Keeps one map in step with the server until `stop()`. */
export class LiveFeed {
  private ws: WebSocket | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private backoffMs = 1000;
  private stopped = false;
  private polling = false;
  mode: LiveMode = "connecting";

  /**
   * @param since the status version the chart's picture reflects (from its status read): the socket
   * then sends only later changes, not a snapshot. A dropped socket comes back with the version of
   * the last `seq` drawn (the layout part of `since`, which polls renew, and that seq).
   */
  constructor(
    private readonly url: string,
    private readonly poll: () => Promise<{ entries: StatusEntry[]; version: string | null; seq: number | null }>,
    private readonly handlers: LiveHandlers,
    private readonly options: LiveOptions,
    private since: string | null = null,
    /** The latest status change the map has drawn (from its status read), when known. */
    private seq: number | null = null,
  ) {}

  start(): void {
    if (this.options.socket && typeof WebSocket !== "undefined") this.connect();
    else this.startPolling();
  }

  stop(): void {
    this.stopped = true;
    this.stopPolling();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000, "chart destroyed");
      this.ws = null;
    }
    this.setMode("stopped");
  }

  private setMode(mode: LiveMode): void {
    if (this.mode === mode) return;
    this.mode = mode;
    this.handlers.onModeChange?.(mode);
  }

  private connect(): void {
    let ws: WebSocket;
    const url = this.since ? `${this.url}${this.url.includes("?") ? "&" : "?"}since=${encodeURIComponent(this.since)}` : this.url;
    try {
      ws = new WebSocket(url);
    } catch {
      this.fallBack();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.backoffMs = 1000;
      this.stopPolling();
      this.setMode("socket");
    };
    ws.onmessage = (ev: MessageEvent) => this.receive(ev.data);
    // An error is always followed by close; close does the fallback.
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      // Come back for what changed after the last seq drawn. The layout part is the one of the last
      // status read: if the layout changed since, the server answers with the whole view.
      const layout = this.since?.split(".")[0];
      this.since = layout !== undefined && this.seq !== null ? `${layout}.${this.seq}` : null;
      this.fallBack();
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let msg: unknown;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    const { type, objects, seq } = msg as Partial<Record<keyof LiveMessage, unknown>>;
    if (!Array.isArray(objects)) return;
    const entries = objects.filter((o): o is StatusEntry => !!o && typeof o === "object" && typeof (o as StatusEntry).objectLabel === "string");
    const at = typeof seq === "number" ? seq : null;
    if (type === "snapshot") {
      if (!this.advance(at, true)) return;
      this.handlers.onSnapshot(entries, false);
    } else if (type === "changes") {
      if (!this.advance(at, false)) return;
      this.handlers.onChanges(entries);
    }
  }

  /**
   * Whether a picture at `seq` is news, moving the drawn seq forward when it is. A full picture as
   * recent as the drawn one is still taken (it is complete); changes must be newer. Without a seq
   * (an older server) everything is taken.
   */
  private advance(seq: number | null, full: boolean): boolean {
    if (seq === null || this.seq === null) {
      if (seq !== null) this.seq = seq;
      return true;
    }
    if (full ? seq < this.seq : seq <= this.seq) return false;
    this.seq = seq;
    return true;
  }

  private fallBack(): void {
    if (this.stopped) return;
    this.startPolling();
    if (!this.options.socket || this.reconnectTimer) return;
    const delay = this.backoffMs * (0.75 + Math.random() * 0.5);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private startPolling(): void {
    if (this.polling || this.stopped) return;
    this.polling = true;
    this.setMode("polling");
    const tick = async () => {
      if (!this.polling) return;
      try {
        const { entries, version, seq } = await this.poll();
        if (this.polling && this.advance(seq, true)) {
          this.since = version;
          this.handlers.onSnapshot(entries, true);
        }
      } catch {
        // A failed poll is retried on the next tick; the map keeps its last known state.
      }
      if (this.polling) this.pollTimer = setTimeout(tick, this.options.pollMs ?? 2000);
    };
    void tick();
  }

  private stopPolling(): void {
    this.polling = false;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }
}
