/**
 * The box office's selection: the labels in the "Selected seats and areas" field, one per line (a
 * label may hold spaces and commas; typed lines are read as domain/typed-labels.ts says), marked on
 * the map, summed up in words with each seat's channel, and widened to whole rows or sections from
 * the layout's rows as the objects read gives them.
 */
import type { ObjectsRead } from "../../sdk/api";
import { splitTypedLabels } from "../../domain/typed-labels";
import type { Pricing } from "../../domain/pricing";
import { unitQuote } from "../../domain/price-quote";
import { formatPrice } from "../../domain/price-format";
import { say } from "./words";

/** The box office acts on at most this many seats and areas at once (the API's limit of one request). */
const MAX_LABELS = 200;

/** What the map's objects say about each label: its row, its section and its channel. */
export class MapIndex {
  private labels = new Set<string>();
  private row = new Map<string, string[]>();
  private section = new Map<string, string[]>();
  private channel = new Map<string, string>();
  private category = new Map<string, { key: string; ga: boolean }>();

  constructor(read: ObjectsRead | null) {
    this.update(read);
  }

  /** Reads the objects again (after seats moved between channels). A failed read keeps what was known. */
  update(read: ObjectsRead | null): void {
    if (!read) return;
    this.labels = new Set(read.objects.map((o) => o.objectLabel));
    this.category = new Map(read.objects.map((o) => [o.objectLabel, { key: o.categoryKey, ga: o.objectType === "generalAdmission" }]));
    this.row.clear();
    this.section.clear();
    this.channel.clear();
    for (const seats of read.rows) {
      const labels = seats.map((s) => s.objectLabel);
      for (const s of seats) {
        this.row.set(s.objectLabel, labels);
        const inSection = this.section.get(s.sectionKey) ?? [];
        inSection.push(s.objectLabel);
        this.section.set(s.sectionKey, inSection);
      }
    }
    // Sections by seat label: the list of the seat's section.
    for (const seats of read.rows) for (const s of seats) this.section.set(`seat:${s.objectLabel}`, this.section.get(s.sectionKey)!);
    for (const [key, labels] of Object.entries(read.channels ?? {})) for (const l of labels) this.channel.set(l, key);
  }

  isLabel(label: string): boolean {
    return this.labels.has(label);
  }

  /** Every seat of the row `label` is in (empty for a GA area or an unknown label). */
  rowOf(label: string): string[] {
    return this.row.get(label) ?? [];
  }

  /** Every seat of the section `label` is in. */
  sectionOf(label: string): string[] {
    return this.section.get(`seat:${label}`) ?? [];
  }

  channelOf(label: string): string | null {
    return this.channel.get(label) ?? null;
  }

  /** An object's category key, and whether it is a GA area. */
  categoryOf(label: string): { key: string; ga: boolean } | undefined {
    return this.category.get(label);
  }

  /** Seats per channel key. */
  byChannel(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [label, key] of this.channel) out.set(key, [...(out.get(key) ?? []), label]);
    return out;
  }
}

/** A channel's name as the legend gives it. */
function channelName(key: string): string {
  return document.querySelector<HTMLElement>(`#bo-channel-legend [data-channel-key="${CSS.escape(key)}"]`)?.dataset.channelName ?? key;
}

export class Selection {
  private readonly announce = document.getElementById("bo-announce");
  private readonly summary = document.getElementById("bo-summary");

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly input: HTMLTextAreaElement,
    private readonly index: MapIndex,
    /** The event's prices (docs/prices.md), for the selection's total; null without. */
    private readonly pricing: Pricing | null = null,
  ) {
    input.addEventListener("input", () => this.show());
    document.getElementById("bo-quantity")?.addEventListener("input", () => this.show());
    document.getElementById("bo-rows")?.addEventListener("click", () => this.widen("rows"));
    document.getElementById("bo-sections")?.addEventListener("click", () => this.widen("sections"));
    document.getElementById("bo-clear")?.addEventListener("click", () => {
      this.clear();
      this.say(say("selection.cleared"));
    });
    this.show();
  }

  /** The labels selected now, as the server will read them. */
  labels(): string[] {
    return splitTypedLabels(this.input.value.split(/\r?\n/), (l) => this.index.isLabel(l) || this.drawn(l));
  }

  private drawn(label: string): boolean {
    return this.svg.querySelector(`[data-object-label="${CSS.escape(label)}"]`) !== null;
  }

  private set(labels: string[]): void {
    this.input.value = labels.join("\n");
    this.show();
  }

  private say(text: string): void {
    if (this.announce) this.announce.textContent = text;
  }

  toggle(label: string): void {
    const chosen = this.labels();
    const at = chosen.indexOf(label);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(label);
    this.set(chosen);
    const channel = this.index.channelOf(label);
    const values = { label, count: chosen.length, channel: channel ? channelName(channel) : "" };
    this.say(say(at >= 0 ? (channel ? "selection.removedIn" : "selection.removed") : channel ? "selection.addedIn" : "selection.added", values));
  }

  clear(): void {
    this.set([]);
  }

  /** Adds the whole rows (or sections) of the selected seats. */
  widen(to: "rows" | "sections"): void {
    const chosen = this.labels();
    const seats = chosen.filter((l) => this.index.rowOf(l).length > 0);
    if (seats.length === 0) {
      this.say(say("selection.seatFirst", { to }));
      return;
    }
    const all = new Set(chosen);
    for (const l of seats) for (const other of to === "rows" ? this.index.rowOf(l) : this.index.sectionOf(l)) all.add(other);
    const added = all.size - chosen.length;
    this.set([...all]);
    this.say(say("selection.widened", { added, to, count: all.size }));
  }

  /** Marks the selection on the map and sums it up in words. */
  private show(): void {
    const chosen = this.labels();
    const set = new Set(chosen);
    for (const el of this.svg.querySelectorAll("[data-box-office]"))
      if (!set.has(el.getAttribute("data-object-label") ?? "")) el.removeAttribute("data-box-office");
    for (const label of chosen) this.svg.querySelector(`[data-object-label="${CSS.escape(label)}"]`)?.setAttribute("data-box-office", "selected");
    if (!this.summary) return;
    if (chosen.length === 0) {
      this.summary.textContent = say("selection.nothing");
      return;
    }
    const channels = new Map<string, number>();
    for (const l of chosen) {
      const c = this.index.channelOf(l);
      if (c) channels.set(c, (channels.get(c) ?? 0) + 1);
    }
    const inChannels = [...channels].map(([key, n]) => say("selection.inChannel", { count: n, channel: channelName(key) })).join(", ");
    const total = `${say(inChannels ? "selection.countIn" : "selection.count", { count: chosen.length, channels: inChannels })}${this.totalText(chosen)}`;
    this.summary.textContent = chosen.length > MAX_LABELS ? `${total} ${say("selection.tooMany", { max: MAX_LABELS })}` : total;
  }

  /**
   * The selection's price at the event's prices now (docs/prices.md): each seat at its category's
   * price (its channel's where it has one), each GA area for the places per area asked; the
   * booking locks what the server says, which the answer shows. In the page's language.
   */
  private totalText(chosen: readonly string[]): string {
    const pricing = this.pricing;
    if (!pricing) return "";
    const places = Math.max(1, Number((document.getElementById("bo-quantity") as HTMLInputElement | null)?.value) || 1);
    let amount = 0;
    let fee = 0;
    let unpriced = 0;
    for (const label of chosen) {
      const cat = this.index.categoryOf(label);
      const q = cat ? unitQuote(pricing, cat.key, this.index.channelOf(label)) : null;
      if (q?.kind !== "price") {
        unpriced++;
        continue;
      }
      const n = cat?.ga ? places : 1;
      amount += q.amount * n;
      fee += q.fee * n;
    }
    const money = (a: number) => formatPrice(a, pricing.currency, document.documentElement.lang || "en");
    const price = fee > 0 ? say("selection.priceFees", { amount: money(amount), fee: money(fee) }) : say("selection.price", { amount: money(amount) });
    return ` ${price}${unpriced > 0 ? ` ${say("selection.unpriced", { count: unpriced })}` : ""}`;
  }
}
