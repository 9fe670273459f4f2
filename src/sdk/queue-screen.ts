/**
 * The waiting room's screen (docs/waiting-room.md): shown by `render()` before the map when the event has
 * an enabled waiting room. It joins (the server gives the same address the same ticket), shows the
 * place and the estimated wait, announces changes in a polite live region, calls `onQueueChanged`,
 * and asks again after the server's `retryAfterSeconds`, until the ticket is admitted.
 */
import type { JoinResult, TicketStatus } from "../domain/waiting-room";
import { ApiRequestError, type ApiClient } from "./api";
import type { Words } from "./words";

/** What `onQueueChanged` receives. */
export interface QueueState {
  /** Place in the queue (1 is next); null before the room opens (the order is drawn at opening); 0 once admitted. */
  position: number | null;
  admitted: boolean;
}

export interface QueueOptions {
  onQueueChanged?: (state: QueueState) => void;
  isDestroyed: () => boolean;
  words: Words;
}

/** The admission once admitted, or null when the event has no waiting room (the map is drawn at once). */
export async function waitInQueue(api: ApiClient, host: HTMLElement, opts: QueueOptions): Promise<string | null> {
  let joined: JoinResult;
  try {
    joined = await api.joinWaitingRoom();
  } catch (err) {
    if (err instanceof ApiRequestError && err.detail.status === 404) return null;
    throw err;
  }
  const { words } = opts;
  const screen = buildScreen(host, words);
  try {
    let status: TicketStatus = { position: joined.position, admitted: false, retryAfterSeconds: 1 };
    let wait = joined.estimatedWaitSeconds;
    let last = "";
    for (;;) {
      if (opts.isDestroyed()) return null;
      if (status.admitted && status.admission) {
        opts.onQueueChanged?.({ position: 0, admitted: true });
        return status.admission;
      }
      const text = describe(status.position, wait, joined.opensAt, words);
      screen.show(text);
      if (text.place !== last) {
        last = text.place;
        screen.announce(words.t("queue.announce", text));
        opts.onQueueChanged?.({ position: status.position, admitted: false });
      }
      await sleep(Math.max(1, status.retryAfterSeconds) * 1000);
      if (opts.isDestroyed()) return null;
      status = await api.waitingRoomTicket(joined.ticket);
      wait = estimate(status, wait);
    }
  } finally {
    screen.remove();
  }
}

/** The server gives an estimate on join; a poll gives the place, from which the wait shrinks in step. */
function estimate(status: TicketStatus, previous: number): number {
  return status.admitted ? 0 : Math.max(0, previous - Math.max(1, status.retryAfterSeconds));
}

/** The place in the queue (or the opening time, before the order is drawn) and the wait, each a sentence. */
function describe(position: number | null, waitSeconds: number, opensAt: string, words: Words): { place: string; wait: string } {
  const wait = words.t("queue.wait", { duration: duration(waitSeconds, words) });
  if (position === null) return { place: words.t("queue.beforeOpen", { time: words.time(new Date(opensAt)) }), wait };
  return { place: words.t("queue.position", { position }), wait };
}

function duration(seconds: number, words: Words): string {
  if (seconds < 60) return words.t("queue.lessThanMinute");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.t("queue.minutes", { minutes });
  return words.t("queue.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The screen: a heading, the place, the wait, and a polite live region that speaks only changes. */
function buildScreen(host: HTMLElement, words: Words) {
  const doc = host.ownerDocument;
  const section = doc.createElement("section");
  section.className = "seating-queue";
  section.setAttribute("aria-labelledby", "seating-queue-title");
  const title = doc.createElement("h2");
  title.id = "seating-queue-title";
  title.textContent = words.t("queue.title");
  const place = doc.createElement("p");
  place.className = "seating-queue-place";
  const wait = doc.createElement("p");
  const note = doc.createElement("p");
  note.textContent = words.t("queue.keepOpen");
  const live = doc.createElement("div");
  live.className = "seating-sr";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  section.append(title, place, wait, note, live);
  host.appendChild(section);
  return {
    show(text: { place: string; wait: string }) {
      place.textContent = text.place;
      wait.textContent = text.wait;
    },
    announce(text: string) {
      live.textContent = text;
    },
    remove() {
      section.remove();
    },
  };
}
