/**
 * The panel's "Seat features" fieldset: the checked features go to every selected seat, and the
 * designer says when a companion seat has no wheelchair space beside it (docs/accessibility.md).
 */
import { SEAT_FEATURES, type SeatFeature } from "../../domain/layout";
import { selectedObjects } from "../editor";
import { loneCompanions, setSeatFeatures } from "../seat-features";
import type { Designer } from "./designer";
import { showNotice, showProblems } from "./page-messages";
import { say } from "./words";

/** The features checked in the fieldset. */
function checkedFeatures(): SeatFeature[] {
  return SEAT_FEATURES.filter((f) => document.querySelector<HTMLInputElement>(`#feature-${f}`)?.checked === true);
}

/** Sets the checked features on the selected seats, then warns about companion seats left alone. */
export function setFeaturesOfSelection(d: Designer): void {
  const labels = selectedObjects(d.editor.scene, d.editor.selection);
  if (labels.size === 0) return showProblems(say("features.noneSet"), [say("features.selectFirst")]);
  const features = checkedFeatures();
  const scene = setSeatFeatures(d.editor.scene, labels, features);
  const named = features.length > 0 ? features.map((f) => say(`features.inSentence.${f}`)).join(", ") : say("features.nothing");
  if (!d.apply(scene, undefined, say("features.done", { n: labels.size, features: named }))) return;
  const lone = loneCompanions(d.editor.scene);
  if (lone.length > 0) showNotice(say("features.lone", { n: lone.length, labels: `${lone.slice(0, 10).join(", ")}${lone.length > 10 ? ", …" : ""}` }));
}

export function attachSeatFeatures(d: Designer): void {
  document.getElementById("set-features")?.addEventListener("click", () => setFeaturesOfSelection(d));
}
