/**
 * How `<SeatingChart>`'s props become the SDK's options. The props are the SDK's own options type
 * (less `divId`, which the component makes), and every option is passed on: the two tables below
 * must name each option of `SeatingChartConfig`, or this file does not compile, so an option added
 * to the SDK cannot be forgotten here.
 */
import type { SeatingChartConfig } from "../../../src/sdk/types";

/** The SDK's options the component takes as props. */
export type ChartOptions = Omit<SeatingChartConfig, "divId">;

/** The options whose value is a function: the chart calls them through the latest props. */
export type CallbackKey = {
  [K in keyof ChartOptions]-?: NonNullable<ChartOptions[K]> extends (...args: never[]) => unknown ? K : never;
}[keyof ChartOptions];

/** Every other option: read when the chart is made (`mode` also follows the prop afterwards). */
export type ValueKey = Exclude<keyof ChartOptions, CallbackKey>;

/** Each value option, named (the compiler refuses a table that leaves one out). */
type Values = { [K in ValueKey]: ChartOptions[K] };

/** The value options of `props`, every one of them. */
function values(props: ChartOptions): Values {
  return {
    publicKey: props.publicKey,
    event: props.event,
    season: props.season,
    maxSelectedObjects: props.maxSelectedObjects,
    apiBaseUrl: props.apiBaseUrl,
    ttlSeconds: props.ttlSeconds,
    holdToken: props.holdToken,
    channelKeys: props.channelKeys,
    channelPasses: props.channelPasses,
    live: props.live,
    mode: props.mode,
    accessible: props.accessible,
    tooltip: props.tooltip,
    holdCountdown: props.holdCountdown,
    notices: props.notices,
    language: props.language,
    messages: props.messages,
  };
}

/**
 * Each callback option, calling whatever the latest props hold when the chart fires it: a new
 * function in every render costs nothing and never redraws the map.
 */
function callbacks(latest: { readonly current: ChartOptions }): Required<Pick<ChartOptions, CallbackKey>> {
  return {
    onObjectSelected: (object) => latest.current.onObjectSelected?.(object),
    onObjectDeselected: (object) => latest.current.onObjectDeselected?.(object),
    onHoldFailed: (objects, error) => latest.current.onHoldFailed?.(objects, error),
    onHoldTokenExpired: () => latest.current.onHoldTokenExpired?.(),
    onQueueChanged: (state) => latest.current.onQueueChanged?.(state),
    onChartRendered: (chart) => latest.current.onChartRendered?.(chart),
  };
}

/** The SDK's configuration for a chart in `divId`, from the latest props (an unset option is undefined, which the SDK reads as its default). */
export function chartConfig(divId: string, latest: { readonly current: ChartOptions }): SeatingChartConfig {
  return { divId, ...values(latest.current), ...callbacks(latest) };
}
