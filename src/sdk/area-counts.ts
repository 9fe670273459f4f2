/**
 * What a standing (general admission) area says of its places, drawn in it on the small and the
 * large map alike and spoken in its name, so sight and speech agree. No DOM: the canvas painter
 * and the SVG renderer both use it.
 */
import type { ObjectView } from "./map-view";
import type { AreaObject } from "./types";
import type { Words } from "./words";

/**
 * What a standing area shows of its places, drawn in it and spoken: "38 of 40 left · you hold 2"
 * (its channels' places only when channels set some aside, docs/channels.md).
 */
export function areaCounts(obj: AreaObject, view: ObjectView, words: Words): { drawn: string; spoken: string } {
  const capacity = view.capacity ?? obj.capacity ?? 0;
  const remaining = view.remaining ?? obj.remaining ?? capacity;
  const left = remaining > 0 ? words.t(view.pooled ? "area.left" : "area.leftOf", { remaining, capacity }) : words.t("area.soldOut");
  if (!view.quantity) return { drawn: left, spoken: left };
  return { drawn: words.t("area.youHold", { left, quantity: view.quantity }), spoken: words.t("area.youHoldSpoken", { left, quantity: view.quantity }) };
}
