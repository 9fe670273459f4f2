/**
 * `SeatingChart`: the embeddable seat map of docs/sdk.md. It draws the event's published layout,
 * holds and releases objects with the public key and its own hold token, keeps the map live, and
 * tells the host page through callbacks. Booking is left to the host's server (secret key).
 *
 * This class is the public face and the wiring; the parts live beside it:
 * - map-state.ts: what the map knows (objects, the server's picture, this chart's holds);
 * - hold-requests.ts and hold-expiry.ts: how holds are taken, given back, lost and expired;
 * - map-mount.ts: the drawn map (renderer, zoom buttons, activation by click and keys), with
 *   camera.ts and viewport.ts for panning and zooming;
 * - api.ts and live-updates.ts: the requests and the live feed;
 * - chart-config.ts: the configuration's checks (a secret key is refused here);
 * - language.ts and words.ts: the chart's language, its catalog and formats (docs/languages.md), and
 *   layout-labels.ts: the layout's own translations of category and section names.
 */
import { ApiClient, ApiRequestError } from "./api";
import { checkConfig } from "./chart-config";
import { BuyerNotice } from "./buyer-notice";
import { buildChrome, fillLegend, type Chrome } from "./chrome";
import { HoldCountdown } from "./hold-countdown";
import { HoldExpiry, type HoldContext } from "./hold-expiry";
import { HoldRequests } from "./hold-requests";
import { LiveFeed } from "./live-updates";
import { MapState, type Merged } from "./map-state";
import { isLargeMap, mountMap, nextTask } from "./map-mount";
import type { MapView } from "./map-view";
import { resolveApiBase } from "./origin";
import { loadPart } from "./parts";
import { injectStyles } from "./styles";
import { ListMode } from "./list-mode";
import { sessionToken } from "./token";
import { SeasonApiClient } from "./season-api";
import { SeatTooltip } from "./tooltip";
import { loadWords } from "./language";
import { localizeLayout } from "./layout-labels";
import { ENGLISH, type Words } from "./words";
import { marksIn } from "./seat-marks";
import type { VenueControlsView } from "./venue-part";
import { attachPrices, type ChartPrices } from "./chart-prices";
import type { ApiCategory, BestAvailableRequest, BestAvailableResult, SeatingChartConfig, SelectionRules } from "./types";
import { SDK_VERSION } from "./version";

type ObjectsFocal = Parameters<typeof mountMap>[2]["focalPoint"];

/** A seat map bound to one event and one hold token. */
export class SeatingChart {
  /** The SDK version, e.g. "5.11.0". */
  static readonly version = SDK_VERSION;

  private readonly config: SeatingChartConfig;
  private readonly api: ApiClient;
  private readonly token: string;
  /** Where the API (and the SDK's catalogs) are. */
  private readonly base: string;
  /** What the chart says, in its language: English until render() has loaded its catalog. */
  private words: Words = ENGLISH;
  private readonly state = new MapState();
  private readonly expiry: HoldExpiry;
  private readonly requests: HoldRequests;
  private map: MapView | null = null;
  private chrome: Chrome | null = null;
  private live: LiveFeed | null = null;
  /** The list mode (docs/accessibility.md), once shown. */
  private list: ListMode | null = null;
  /** The list's wheelchair filter is on: the buyer looks for accessible seats, which states the need. */
  private filterOn = false;
  private rendering: Promise<this> | null = null;
  private notice: BuyerNotice | null = null;
  private countdown: HoldCountdown | null = null;
  private tooltip: SeatTooltip | null = null;
  /** The event's prices (docs/prices.md), once read; null without pricing. */
  private prices: ChartPrices | null = null;
  private destroyed = false;

  /** What the map is of: the event key, or `season:<seasonKey>`. */
  private get scopeKey(): string {
    return this.config.season !== undefined ? `season:${this.config.season}` : (this.config.event ?? "");
  }

  /** Throws, before any request, when the configuration is incomplete or carries a secret key. */
  constructor(config: SeatingChartConfig) {
    checkConfig(config);
    this.config = config;
    const base = resolveApiBase(config.apiBaseUrl);
    this.base = base;
    const words = () => this.words;
    // A season's map reads every event of the season and holds through the season routes (season-api.ts).
    this.api =
      config.season !== undefined ? new SeasonApiClient(base, config.publicKey, config.season) : new ApiClient(base, config.publicKey, config.event ?? "");
    if (config.channelPasses) this.api.passes = config.channelPasses;
    this.api.loadVenue = () => loadPart("venue", base);
    this.token = config.holdToken && config.holdToken.length >= 8 ? config.holdToken : sessionToken(base, this.scopeKey);
    const context: HoldContext = {
      config,
      api: this.api,
      token: this.token,
      state: this.state,
      get words() {
        return words();
      },
      paint: (label) => this.repaint(label),
      announce: (text) => {
        if (this.chrome) this.chrome.live.textContent = text;
      },
      notify: (text) => {
        if (text === null) this.notice?.clear();
        // In list mode the map (and its notice) is hidden: the list's live region tells it.
        else if (this.notice && this.chrome?.stage.hidden === false) this.notice.show(text);
        else if (this.chrome) this.chrome.live.textContent = text;
        this.countdown?.tick();
      },
      dialogHost: () => this.chrome?.root ?? null,
      isDestroyed: () => this.destroyed,
      statesNeed: () => this.config.accessible === true || this.filterOn,
      prices: () => this.prices?.book ?? null,
    };
    this.expiry = new HoldExpiry(context);
    this.requests = new HoldRequests(context, this.expiry);
  }

  /** The token every hold of this chart uses: send it to your server, which books with a secret key. */
  get holdToken(): string {
    return this.token;
  }

  /** Labels this chart holds now. */
  get selectedObjects(): string[] {
    return [...this.state.selection.keys()];
  }

  /**
   * The event's selection rules (docs/selling-rules.md) as read when the map was drawn, and again after the
   * server refused a hold by a rule. The map applies them before asking; the server enforces them.
   */
  get selectionRules(): SelectionRules {
    return structuredClone(this.state.rules);
  }

  /** The event's categories (key, label, colour) once the map is drawn, for a page's own controls. */
  get categories(): ApiCategory[] {
    return [...this.state.categories.values()].map((c) => ({ ...c }));
  }

  /**
   * The selection's total (docs/prices.md) at the prices its holds locked, in the currency's minor
   * units, once the map is drawn: what the host shows beside "Book". Null for an event without prices.
   */
  get selectionTotal(): { amount: number; fee: number; currency: string } | null {
    const book = this.prices?.book;
    const total = book?.total(this.state.selection.values(), (label) => this.state.objects.get(label));
    return book?.currency && total ? { ...total, currency: book.currency } : null;
  }

  /** The BCP 47 tag the chart speaks and formats in ("de-AT"; "en" until render() has chosen, or when the language has no catalog). */
  get language(): string {
    return this.words.language;
  }

  /** Live-update transport now in use: "socket", "polling", "connecting" or "stopped". */
  get liveMode(): string {
    return this.live?.mode ?? "stopped";
  }

  /** Draws the map; resolves once it is drawn (and rejects, showing the reason, when it cannot be). */
  render(): Promise<this> {
    this.rendering ??= this.draw();
    return this.rendering;
  }

  /**
   * Holds the best available seats (docs/selling-rules.md) under this chart's token and selects them. Resolves
   * with the seats held; a refusal (by `maxSelectedObjects`, the selection rules, or the server, such
   * as `no_best_available`) reaches `onHoldFailed` with an empty object list and rejects with an
   * error whose `detail` is the same HoldError.
   */
  async holdBestAvailable(request: BestAvailableRequest): Promise<BestAvailableResult> {
    if (this.rendering) await this.rendering;
    return this.requests.holdBestAvailable(request);
  }

  /** Releases everything this chart holds. */
  async clearSelection(): Promise<void> {
    return this.requests.releaseAll();
  }

  /** "list" while the list mode is shown, else "map". */
  get mode(): "map" | "list" {
    return this.list && !this.list.root.hidden ? "list" : "map";
  }

  /**
   * Shows the event as a list (docs/accessibility.md): what the "Choose from a list" button does. Focus
   * moves to the list's first control, so a keyboard user lands where the list starts.
   */
  showList(): void {
    const chrome = this.chrome;
    if (!chrome || this.destroyed) return;
    if (!this.list) {
      this.list = new ListMode(document, {
        state: this.state,
        words: this.words,
        activate: (label) => void this.requests.toggle(label),
        areaMax: (label) => this.requests.areaMax(label),
        holdArea: (label, quantity) => void this.requests.holdArea(label, quantity),
        showMap: () => void this.showMap(),
        filterChanged: (on) => {
          this.filterOn = on;
        },
      });
      chrome.root.insertBefore(this.list.root, chrome.legend);
    }
    this.list.root.hidden = false;
    chrome.stage.hidden = true;
    chrome.listButton.hidden = true;
    chrome.controls.hidden = true;
    this.list.root.querySelector<HTMLElement>("input, button")?.focus();
  }

  /** Back to the drawn map (drawn now when the chart started in list mode). */
  async showMap(): Promise<void> {
    const chrome = this.chrome;
    if (!chrome || this.destroyed) return;
    if (this.list) this.list.root.hidden = true;
    chrome.stage.hidden = false;
    chrome.listButton.hidden = false;
    chrome.controls.hidden = false;
    if (!this.map && this.state.objects.size > 0) await this.mountMapNow(chrome);
    chrome.listButton.focus();
  }

  /** Removes the map and stops live updates. Holds are kept: the host may still book them. */
  destroy(): void {
    this.destroyed = true;
    this.live?.stop();
    this.map?.destroy();
    this.map = null;
    this.list?.destroy();
    this.list = null;
    this.expiry.stop();
    this.countdown?.stop();
    this.countdown = null;
    this.tooltip?.destroy();
    this.tooltip = null;
    this.prices?.destroy();
    this.prices = null;
    this.notice?.clear();
    this.notice = null;
    this.chrome?.root.remove();
    this.chrome = null;
  }

  private async draw(): Promise<this> {
    const container = document.getElementById(this.config.divId);
    if (!container) throw new Error(`SeatingChart: no element with id "${this.config.divId}"`);
    injectStyles(document);
    // The map's read starts alongside the catalog of the chart's language and the event record's,
    // which says whether the event has an enabled waiting room: an event without one waits for no
    // extra round trip and asks for no queue it has not got; a buyer who queued reads again once
    // admitted (docs/waiting-room.md).
    const early = this.api.mapRead(this.token);
    early.catch(() => undefined);
    this.words = await loadWords(this.base, this.config.language, this.config.messages);
    if (this.destroyed) return this;
    const words = this.words;
    const chrome = buildChrome(container, words);
    this.chrome = chrome;
    let read;
    try {
      chrome.message.textContent = words.t("map.loading");
      // The legend stays empty until the map is read: hidden meanwhile, it says nothing of a queue.
      chrome.legend.style.display = "none";
      const room = await this.api.waitingRoom();
      // The queue screen is a part of the SDK loaded only for an event whose waiting room is on (parts.ts).
      const admission = room?.enabled
        ? await (
            await loadPart("queue-screen", this.base)
          ).waitInQueue(this.api, chrome.stage, { onQueueChanged: this.config.onQueueChanged, isDestroyed: () => this.destroyed, words })
        : null;
      chrome.legend.style.display = "";
      if (this.destroyed) return this;
      if (admission !== null) {
        this.api.admission = admission;
        chrome.live.textContent = words.t("announce.admitted");
      }
      read = admission === null ? await early : await this.api.mapRead(this.token);
    } catch (err) {
      const msg = err instanceof ApiRequestError ? `${err.detail.message} (${err.detail.code})` : String(err);
      chrome.message.textContent = words.t("map.loadFailed", { reason: msg });
      throw err;
    }
    if (this.destroyed) return this;
    const big = isLargeMap(read.objects.objects?.length ?? 0);
    // The large-map renderer is loaded while the state is built (parts.ts).
    if (big) loadPart("large-map", this.base).catch(() => undefined);
    if (big) await nextTask();
    if (this.destroyed) return this;
    // The layout's own translations of category and section names, for this chart's language.
    this.state.load(localizeLayout(read.objects, words.language));
    // The venue part the objects read loaded (parts.ts keeps it: no second request) draws its tables and booths.
    if (read.objects.venue) {
      this.state.venue = await loadPart("venue", this.base);
      this.state.venue.injectVenueStyles(document);
    }
    this.state.applyChannels(read.objects.channels, this.config.channelKeys);
    this.state.rules = read.rules;
    this.prices = attachPrices(chrome, this.state, read, this.config.channelKeys, words, (label) => this.repaint(label));
    fillLegend(
      chrome.legend,
      [...this.state.categories.values()],
      {
        unavailable: this.state.outside.size > 0,
        marks: marksIn(this.state.objects.values()),
        priceOf: (key) => this.prices?.book.categoryText(key),
      },
      words,
    );
    // The status goes into the state before anything is drawn, so each object is painted once.
    const first = this.state.mergeSnapshot(read.status.entries, true, true);
    this.expiry.schedule();
    this.take(first);
    if (big) await nextTask();
    if (this.destroyed) return this;
    this.focalPoint = read.objects.focalPoint;
    chrome.listButton.addEventListener("click", () => this.showList());
    this.addCountdown(chrome);
    if (this.state.objects.size === 0) {
      chrome.message.textContent = words.t("map.empty");
      chrome.listButton.hidden = true;
      chrome.controls.hidden = true;
    } else if (this.config.mode === "list") {
      chrome.message.remove();
      this.showList();
    } else {
      chrome.message.remove();
      if (!(await this.mountMapNow(chrome))) return this;
    }
    this.live = new LiveFeed(
      this.api.liveUrl,
      () => this.api.status(this.token),
      {
        onSnapshot: (entries, fromPoll) => this.take(this.state.mergeSnapshot(entries, fromPoll, false)),
        onChanges: (entries) => this.take(this.state.mergeChanges(entries)),
      },
      // A season's status is the merge of its events': there is no one socket for it, so it polls.
      { socket: this.config.live !== false && this.config.season === undefined },
      read.status.version,
      read.status.seq,
    );
    this.live.start();
    for (const h of first.restored) this.config.onObjectSelected?.(this.state.describe(h.objectLabel, h.quantity));
    this.config.onChartRendered?.(this);
    return this;
  }

  private focalPoint: ObjectsFocal = undefined;

  /** The floor switcher and the zone chooser (the venue part's, docs/tables.md), for a layout with floors or zones. */
  private venue: VenueControlsView | null = null;

  /** Draws the map into the stage (the first floor, when there are floors); false when the chart was destroyed meanwhile. */
  private async mountMapNow(chrome: Chrome): Promise<boolean> {
    this.venue ??=
      this.state.venue?.venueNavigation(document, this.state, this.words, {
        map: () => this.map,
        // A floor that cannot be drawn was told to the buyer on the map (drawMap).
        redraw: (floorKey) => this.drawMap(chrome, floorKey).catch(() => false),
        announce: (text) => {
          if (this.chrome) this.chrome.live.textContent = text;
        },
      }) ?? null;
    if (!(await this.drawMap(chrome, this.venue?.floor))) return false;
    chrome.controls.hidden = false;
    this.addBuyerAids(chrome);
    if (this.venue) chrome.controls.appendChild(this.venue.root);
    return true;
  }

  /**
   * Draws the map of `floorKey` in place of any map shown; false when the chart was destroyed
   * meanwhile. A large-map renderer that could not be loaded (parts.ts) is told to the buyer, as a
   * failed read is.
   */
  private async drawMap(chrome: Chrome, floorKey: string | undefined): Promise<boolean> {
    this.map?.destroy();
    this.map = null;
    try {
      this.map = await mountMap(chrome, this.state, {
        eventKey: this.scopeKey,
        apiBase: this.base,
        words: this.words,
        focalPoint: this.focalPoint,
        wanted: () => !this.destroyed,
        onActivate: (label) => void this.requests.toggle(label),
        floorKey,
      });
    } catch (err) {
      chrome.message.textContent = this.words.t("map.loadFailed", { reason: err instanceof Error ? err.message : String(err) });
      chrome.stage.append(chrome.message);
      throw err;
    }
    return this.map !== null;
  }

  /** Shows another floor of the venue (docs/tables.md), as the floor switcher's button does. */
  async showFloor(key: string): Promise<void> {
    if (!this.destroyed) await this.venue?.showFloor(key);
  }

  /** Redraws one object on the map and in the list (and the selection's total, which it may change). */
  private repaint(label: string): void {
    this.map?.update(label);
    this.list?.update(label);
    // A table held or released whole changes how its seats are drawn too (docs/tables.md).
    const o = this.state.objects.get(label);
    if (o?.objectType === "table")
      for (const seat of o.seatLabels) {
        this.map?.update(seat);
        this.list?.update(seat);
      }
    this.prices?.update();
  }

  /** The map's tooltip and refusal notice, each unless the configuration turns it off. */
  private addBuyerAids(chrome: Chrome): void {
    const { tooltip, notices } = this.config;
    if (tooltip !== false) this.tooltip = new SeatTooltip(chrome.stage, this.state, typeof tooltip === "object" ? tooltip : {}, this.words);
    if (notices !== false) this.notice = new BuyerNotice(chrome.stage, this.words);
  }

  /** The hold countdown in the toolbar, in map and list mode alike, unless the configuration turns it off. */
  private addCountdown(chrome: Chrome): void {
    if (this.config.holdCountdown !== false)
      this.countdown = new HoldCountdown(
        chrome.toolbar,
        () => this.state.earliestExpiry(),
        (text) => {
          if (this.chrome) this.chrome.live.textContent = text;
        },
        this.words,
      );
  }

  /** Acts on a picture from the server merged into the state: holds it ended, then what to repaint. */
  private take(merged: Merged): void {
    for (const lost of merged.lost) this.expiry.lose(lost);
    for (const label of merged.repaint) this.repaint(label);
  }
}
