/**
 * The map's stylesheet, injected once per document. Status colours live here (not in the SVG
 * attributes) so that a live update only flips `data-status`. Everything is scoped under
 * `.seating-root` so the host page's CSS is not touched.
 *
 * Right to left (a chart in Arabic has dir="rtl" on its root): the chrome uses logical properties
 * (inline start and end), so the toolbar, legend, list, notice and dialogs mirror by themselves;
 * the map itself (SVG, canvas, overlay) keeps direction:ltr, because its x axis is the venue's own:
 * a stage on the left of the hall stays on the left.
 */
import { PRICE_PANEL_CSS } from "./price-panel";

const CSS = `${PRICE_PANEL_CSS}
.seating-root{position:relative;width:100%;height:100%;min-height:420px;display:flex;flex-direction:column;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f7f8fb;border-radius:10px;overflow:hidden}
.seating-stage{position:relative;flex:1;min-height:320px;overflow:hidden}
.seating-map,.seating-canvas,.seating-overlay{direction:ltr}
.seating-map{position:absolute;inset:0;width:100%;height:100%;touch-action:none;user-select:none;-webkit-user-select:none;cursor:grab}
.seating-drag-shield{position:absolute;inset:0;cursor:grabbing;z-index:5}
.seating-canvas{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}
.seating-overlay{position:absolute;left:0;top:0;transform-origin:0 0;will-change:transform}
.seating-map.seating-map-large{inset:auto;left:0;top:0;width:auto;height:auto;overflow:visible}
.seating-map-large .seating-seat,.seating-map-large .seating-seat:focus-visible,.seating-section-hit{fill:#000;fill-opacity:0;stroke:none;transition:none}
.seating-map-large .seating-ga .seating-ga-shape{fill-opacity:0;stroke-opacity:0}
.seating-section-hit{cursor:zoom-in}
.seating-section-hit:focus,.seating-map-large .seating-ga:focus{outline:none}
.seating-section-bg{fill:#fff;stroke:#dde1ea;stroke-width:1}
.seating-section-edge{fill:#dde1ea;stroke:#dde1ea;stroke-linejoin:round;stroke-linecap:round}
.seating-section-fill{fill:#fff;stroke:#fff;stroke-linejoin:round;stroke-linecap:round}
.seating-stage-mark rect{fill:#1d2330}
.seating-stage-mark text{fill:#fff;font-size:14px;font-weight:600;letter-spacing:.08em}
.seating-section-label{font-size:13px;font-weight:600;fill:#4a5263}
.seating-row-label{font-size:10px;fill:#8a93a6;text-anchor:middle;dominant-baseline:central}
.seating-seat{stroke:#fff;stroke-width:1.5;cursor:pointer;transition:fill .15s}
.seating-seat:hover{stroke:#2f5bea;stroke-width:2;stroke-dasharray:2.5 1.5}
.seating-seat[data-status=held]:hover,.seating-seat[data-status=booked]:hover{stroke:#fff;stroke-width:1.5;stroke-dasharray:none}
.seating-seat[data-status=not_for_sale]:hover{stroke:#c3c8d2;stroke-width:1.5;stroke-dasharray:2 2}
.seating-seat[data-status=held]{fill:#c3c8d2;cursor:not-allowed}
.seating-seat[data-status=booked]{fill:#8f96a3;cursor:not-allowed}
.seating-seat[data-status=not_for_sale]{fill:#eef0f4;stroke:#c3c8d2;stroke-dasharray:2 2;cursor:not-allowed}
.seating-seat[aria-disabled=true]{stroke:#4a5263;stroke-width:1;cursor:not-allowed}
.seating-seat-mark{pointer-events:none}
.seating-seat-mark-fill{fill:#fff}
.seating-seat-mark-line{fill:none;stroke:#fff;stroke-linecap:round;stroke-linejoin:round}
.seating-seat[data-status=not_for_sale]+.seating-seat-mark .seating-seat-mark-fill,.seating-seat[aria-disabled=true]+.seating-seat-mark .seating-seat-mark-fill{fill:#1d2330}
.seating-seat[data-status=not_for_sale]+.seating-seat-mark .seating-seat-mark-line,.seating-seat[aria-disabled=true]+.seating-seat-mark .seating-seat-mark-line{stroke:#1d2330}
.seating-mark-swatch{flex:none;display:inline-block}
.seating-seat[data-status=selected],.seating-seat[data-status=selected]:hover{stroke:#1d2330;stroke-width:3.5;stroke-dasharray:none}
.seating-seat:focus{outline:none}
.seating-seat:focus-visible{stroke:#0b3d91;stroke-width:4}
.seating-ga{cursor:pointer}
.seating-ga .seating-ga-shape{fill-opacity:.22;stroke-width:2}
.seating-ga[data-status=selected] .seating-ga-shape{fill-opacity:.45;stroke:#1d2330;stroke-width:3.5}
.seating-ga[data-status=held] .seating-ga-shape,.seating-ga[data-status=booked] .seating-ga-shape,.seating-ga[data-status=not_for_sale] .seating-ga-shape{fill:#c3c8d2!important;stroke:#8f96a3!important}
.seating-ga[data-status=booked],.seating-ga[data-status=not_for_sale]{cursor:not-allowed}
.seating-ga:focus{outline:none}
.seating-ga:focus-visible .seating-ga-shape{stroke:#0b3d91;stroke-width:4}
.seating-ga-name{font-weight:600;fill:#1d2330;text-anchor:middle}
.seating-ga-remaining{fill:#4a5263;text-anchor:middle}
.seating-controls{display:flex;gap:4px;margin-inline-start:auto}
.seating-controls[hidden]{display:none}
.seating-controls button{width:32px;height:32px;border:1px solid #d0d5df;border-radius:6px;background:#fff;font-size:18px;line-height:1;cursor:pointer;color:#1d2330}
.seating-controls button:hover{background:#eef1f7}
.seating-legend{display:flex;flex-wrap:wrap;gap:6px 16px;padding:8px 12px;border-top:1px solid #e3e6ee;background:#fff;font-size:12px}
.seating-legend-item{display:inline-flex;align-items:center;gap:6px}
.seating-swatch{width:14px;height:14px;border-radius:50%;display:inline-block;box-sizing:border-box;outline:1px solid #4a5263;outline-offset:0}
.seating-swatch[data-pattern=taken]{background-image:repeating-linear-gradient(45deg,transparent 0 3px,#1d2330 3px 4px)!important}
.seating-toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:6px 8px;padding:6px 10px;background:#fff;border-bottom:1px solid #e3e6ee}
.seating-toolbar:not(:has(>:not([hidden]))){display:none}
.seating-root button:focus-visible,.seating-root input:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}
.seating-list-switch{min-height:32px;padding:4px 12px;border:1px solid #4a5263;border-radius:6px;background:#fff;color:#1d2330;font:inherit;cursor:pointer}
.seating-list{flex:1;overflow:auto;padding:8px 12px;background:#fff}
.seating-list[hidden],.seating-stage[hidden],.seating-list-switch[hidden]{display:none}
.seating-list-bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;padding:4px 0 8px}
.seating-list-bar label{display:inline-flex;align-items:center;gap:6px;min-height:32px;cursor:pointer}
.seating-list-bar input{width:20px;height:20px}
.seating-list ul{list-style:none;margin:0;padding:0}
.seating-list-heading{margin:4px 0;font-size:15px}
.seating-list-section{width:100%;min-height:44px;text-align:start;padding:8px 12px;border:1px solid #c3c8d2;border-radius:6px;background:#f7f8fb;color:#1d2330;font:inherit;font-weight:600;cursor:pointer}
.seating-list-section::before{content:"▸ " / "";display:inline-block}
.seating-list-section[aria-expanded=true]::before{content:"▾ " / ""}
[dir=rtl] .seating-list-section[aria-expanded=false]::before{content:"◂ " / ""}
.seating-list-row{content-visibility:auto;contain-intrinsic-size:auto 480px}
.seating-list-row h4{margin:8px 0 4px;font-size:13px;color:#4a5263}
.seating-list-row ul{display:flex;flex-direction:column;gap:4px}
.seating-list-seat{min-width:44px;min-height:44px;width:100%;text-align:start;padding:8px 12px;border:1px solid #4a5263;border-radius:6px;background:#fff;color:#1d2330;font:inherit;cursor:pointer}
.seating-list-seat[data-status=selected]{border:3px solid #0b3d91;font-weight:700;background:#e8efff}
.seating-list-seat[data-status=selected]::before{content:"✓ " / ""}
.seating-list-seat[data-status=held],.seating-list-seat[data-status=booked],.seating-list-seat[data-status=not_for_sale],.seating-list-seat[data-status=unavailable]{color:#4a5263;background:#f1f2f5;border-style:dashed;text-decoration:line-through}
.seating-list-area-status{margin:2px 0 6px;color:#1d2330}
.seating-list-area-controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:8px}
.seating-list-area-controls input{width:6em;min-height:44px;padding:4px 8px;font:inherit;border:1px solid #4a5263;border-radius:6px}
.seating-list-area-controls button{min-height:44px;padding:8px 12px;border:1px solid #4a5263;border-radius:6px;background:#fff;color:#1d2330;font:inherit;cursor:pointer}
.seating-list-area-controls .seating-list-area-hold{background:#0b3d91;border-color:#0b3d91;color:#fff}
.seating-list-area-release[hidden]{display:none}
.seating-message{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:24px;text-align:center;color:#4a5263}
.seating-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.seating-queue{position:absolute;inset:0;z-index:2;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px;text-align:center;background:#fff;color:#1d2330}
.seating-queue h2{margin:0 0 12px;font-size:20px}
.seating-queue p{margin:4px 0;max-width:36em}
.seating-queue-place{font-size:18px;font-weight:600}
.seating-notice{position:absolute;top:10px;left:50%;transform:translateX(-50%);max-width:min(92%,460px);z-index:8;display:flex;align-items:flex-start;gap:10px;padding-block:10px;padding-inline:14px 12px;background:#fff;border-inline-start:5px solid #b3261e;border-radius:8px;box-shadow:0 4px 18px rgba(0,0,0,.18);font-size:15px;font-weight:600;color:#1d2330;pointer-events:none}
.seating-notice[hidden],.seating-countdown[hidden],.seating-tooltip[hidden]{display:none}
.seating-notice button{border:0;background:none;font-size:20px;line-height:1;cursor:pointer;color:#4a5263;min-width:24px;min-height:24px;pointer-events:auto}
.seating-countdown{padding:4px 10px;background:#fff;border:1px solid #d0d5df;border-radius:6px;font-size:13px;color:#1d2330}
.seating-countdown-low{border-color:#b3261e;color:#b3261e}
.seating-tooltip{position:absolute;z-index:7;pointer-events:none;display:flex;flex-direction:column;gap:1px;max-width:220px;padding:7px 10px;background:#1d2330;color:#fff;border-radius:6px;font-size:12px;line-height:1.35;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.seating-tooltip strong{font-size:13px}
.seating-dialog-backdrop{position:absolute;inset:0;background:rgba(20,24,33,.35);display:flex;align-items:center;justify-content:center;z-index:10}
.seating-dialog{background:#fff;border-radius:10px;padding:16px 18px;min-width:240px;box-shadow:0 8px 30px rgba(0,0,0,.2)}
.seating-dialog h2{font-size:16px;margin:0 0 4px}
.seating-dialog p{margin:0 0 10px;color:#4a5263;font-size:13px}
.seating-dialog input{width:90px;font-size:16px;padding:4px 6px;margin-inline-end:8px}
.seating-dialog .seating-dialog-actions{display:flex;gap:8px;margin-top:12px;justify-content:flex-end}
.seating-dialog button{padding:6px 12px;border-radius:6px;border:1px solid #d0d5df;background:#fff;cursor:pointer;font-size:14px}
.seating-dialog button[data-action=hold]{background:#2f5bea;border-color:#2f5bea;color:#fff}
`;

const STYLE_ID = "seating-sdk-styles";

/** Adds the stylesheet to the document once. */
export function injectStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.appendChild(style);
}
