/**
 * `<SeatingChart>`: the browser SDK's seat map (docs/sdk.md) as a React component (docs/api.md#idempotent-requests).
 * Its props are the SDK's options (chart-options.ts passes on every one of them) less `divId`,
 * plus the container's `className` and `style` and `onRenderError`.
 *
 * - One chart per mount: the chart is made in an effect and the StrictMode rehearsal of a mount
 *   (mount, unmount, mount in development) is absorbed by deferring the creation to a microtask
 *   that the rehearsal's cleanup cancels, so the map is drawn once.
 * - Callbacks are read from the latest props when they fire: a new `onObjectSelected` each render
 *   costs nothing and never redraws the map.
 * - The map is made again only when `event` or `publicKey` change (or `season`, the event of a
 *   season's map); the other options are read when it is made, and `mode` also switches the
 *   drawn chart between map and list when it changes. Give the component a new `key` to start
 *   over with other options.
 * - Unmounting destroys the chart (live socket closed, map removed; holds are kept for the host).
 * - On the server it renders nothing; the container appears after hydration.
 * - `ref` receives the SDK's chart (holdToken, selectedObjects, holdBestAvailable, clearSelection).
 */
import { forwardRef, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ForwardedRef } from "react";
import { SeatingChart as SdkChart } from "../../../src/sdk/chart";
import { chartConfig, type ChartOptions } from "./chart-options";

export type { HoldError, SelectedObject, SeatingChartConfig } from "../../../src/sdk/types";
/** The SDK's chart, as the ref receives it. */
export type SeatingChartInstance = SdkChart;

/** The SDK's options without `divId` (the component makes its container), plus the container's class and style. */
export interface SeatingChartProps extends ChartOptions {
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
  const chartRef = useRef<SdkChart | null>(null);

  const { event, publicKey, season, mode, language } = props;
  useEffect(() => {
    if (!onClient) return;
    let chart: SdkChart | null = null;
    let cancelled = false;
    queueMicrotask(() => {
      if (cancelled) return;
      chart = new SdkChart(chartConfig(id, latest));
      chartRef.current = chart;
      assignRef(ref, chart);
      chart.render().catch((err: unknown) => {
        if (!cancelled) latest.current.onRenderError?.(err);
      });
    });
    return () => {
      cancelled = true;
      if (chart) {
        chart.destroy();
        chartRef.current = null;
        assignRef(ref, null);
      }
    };
    // `ref` and `id` are stable for a mount; the other options are read when the chart is made. A
    // site's language switch draws the map again in the new language (its holds stay: same token).
  }, [onClient, event, publicKey, season, language]);

  // A new `mode` switches the drawn chart; before it is drawn, the chart reads the prop itself.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || mode === undefined || chart.mode === mode) return;
    if (mode === "list") chart.showList();
    else void chart.showMap();
  }, [mode]);

  if (!onClient) return null;
  return <div id={id} className={props.className} style={props.style} />;
});
