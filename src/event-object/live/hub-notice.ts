import type { LiveHubLink } from "../../domain/live-relays";

/**
 * Tells the event's hub that the public view changed, so that its copy (what publishable status and
 * objects reads are answered from) is read again on the next read instead of waiting out its age.
 * One notice per copy the hub took: a read of the copy arms the notice, the first change after it
 * sends it, later changes send nothing until the hub reads again. So the hub is told of a change
 * the moment it commits, and the object sends it no more notices than it answers copies (at most
 * 10 a second). Each notice names the view's version, and each copy the version it was read at,
 * so the hub can tell a copy read after the change from one read before it, whichever reaches it
 * first. A woken object starts armed: a copy taken before the restart may be out of date.
 */
export class HubNotice {
  private armed = true;
  private link: LiveHubLink | null = null;
  /**
   * The version of the public view: one more at every change. It starts from the wall clock, so a
   * woken object's versions are above those the hub heard from the instance before.
   */
  version = Date.now() * 1000;

  constructor(private readonly linkOf: () => LiveHubLink | null) {}

  /** The hub has just read the view: the next change is news to it. */
  arm(): void {
    this.armed = true;
  }

  /** The public view changed. */
  changed(): void {
    this.version++;
    if (!this.armed) return;
    this.link ??= this.linkOf();
    if (this.link === null) return;
    this.armed = false;
    // A lost notice costs freshness, not correctness: the copy is read again once it is a second old.
    this.link.stale(this.version).catch(() => {});
  }

  /** Forgets the hub's stub (the event was deleted or made again). */
  clear(): void {
    this.link = null;
    this.armed = true;
  }
}
