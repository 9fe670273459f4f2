/**
 * `<SeatingChart>`: the browser SDK's seat map (contract §7) as a React component (contract §16).
 *
 * - One chart per mount: the chart is made in an effect and the StrictMode rehearsal of a mount
 *   (mount, unmount, mount in development) is absorbed by deferring the creation to a microtask
 *   that the rehearsal's cleanup cancels, so the map is drawn once.
 * - Callbacks are read from the latest props when they fire: a new `onObjectSelected` each render
 *   costs nothing and never redraws the map.
 * - The map is made again only when `event` or `publicKey` (or `apiBaseUrl`) change; the other
 *   options are read when it is made.
 * - Unmounting destroys the chart (live socket closed, map removed; holds are kept for the host).
 * - On the server it renders nothing; the container appears after hydration.
 * - `ref` receives the SDK's chart (holdToken, selectedObjects, holdBestAvailable, clearSelection).
 */
import { forwardRef, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ForwardedRef } from "react";
import { SeatingChart as SdkChart } from "../../../src/sdk/chart";
import type { SeatingChartConfig } from "../../../src/sdk/types";

export type { HoldError, SelectedObject, SeatingChartConfig } from "../../../src/sdk/types";
/** The SDK's chart, as the ref receives it. */
export type SeatingChartInstance = SdkChart;

/** The SDK's options without `divId` (the component makes its container), plus the container's class and style. */
export interface SeatingChartProps extends Omit<SeatingChartConfig, "divId"> {
  className?: string;
  style?: CSSProperties;
  /** The map could not be drawn (unknown event, network). */
  onRenderError?: (error: unknown) => void;
}

const useClientLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function assignRef<T>(ref: ForwardedRef<T>, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

export const SeatingChart = forwardRef<SeatingChartInstance, SeatingChartProps>(function SeatingChart(props, ref) {
  const id = `seating-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const latest = useRef(props);
  useClientLayoutEffect(() => {
    latest.current = props;
  });
  // Nothing on the server, and nothing in the first client render (so hydration matches).
  const [onClient, setOnClient] = useState(false);
  useEffect(() => setOnClient(true), []);

  const { event, publicKey, apiBaseUrl } = props;
  useEffect(() => {
    if (!onClient) return;
    let chart: SdkChart | null = null;
    let cancelled = false;
    queueMicrotask(() => {
      if (cancelled) return;
      const p = latest.current;
      chart = new SdkChart({
        divId: id,
        publicKey,
        event,
        apiBaseUrl,
        maxSelectedObjects: p.maxSelectedObjects,
        ttlSeconds: p.ttlSeconds,
        holdToken: p.holdToken,
        live: p.live,
        onObjectSelected: (o) => latest.current.onObjectSelected?.(o),
        onObjectDeselected: (o) => latest.current.onObjectDeselected?.(o),
        onHoldFailed: (objects, error) => latest.current.onHoldFailed?.(objects, error),
        onHoldTokenExpired: () => latest.current.onHoldTokenExpired?.(),
        onChartRendered: (c) => latest.current.onChartRendered?.(c),
      });
      assignRef(ref, chart);
      chart.render().catch((err: unknown) => {
        if (!cancelled) latest.current.onRenderError?.(err);
      });
    });
    return () => {
      cancelled = true;
      if (chart) {
        chart.destroy();
        assignRef(ref, null);
      }
    };
    // `ref` and `id` are stable for a mount; the other options are read when the chart is made.
  }, [onClient, event, publicKey, apiBaseUrl]);

  if (!onClient) return null;
  return <div id={id} className={props.className} style={props.style} />;
});
