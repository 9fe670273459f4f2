import { formOfPricing } from "../../domain/price-form";
import { formatPrice } from "../../domain/price-format";
import { words } from "../words";
import type { Pricing } from "../../domain/pricing";
import { ActionButton, ApiForm, Field } from "./components";

/**
 * The "Prices" panel of the event and season pages (docs/prices.md): the prices as they are, for
 * every role, and for a role that may set them (`prices.manage`) a form in the venue's own terms:
 * prices as decimals of the currency ("45.50"), ticket types as rows, channel prices, the fee. The
 * server keeps the result in minor units and locks it with every hold.
 */

/** The event's (or season's) categories and channels, by key and name. */
export interface PriceTargets {
  categories: { key: string; label: string }[];
  channels: { key: string; name: string }[];
}

/** Ticket-type rows offered beyond those the pricing has. */
const SPARE_ROWS = 2;

function PricesTable(props: { pricing: Pricing; targets: PriceTargets; subject: string }) {
  const { pricing } = props;
  const money = (a: number) => formatPrice(a, pricing.currency, words().language);
  const name = (key: string) => props.targets.categories.find((c) => c.key === key)?.label ?? key;
  const fee = pricing.fee;
  const w = words();
  return (
    <>
      <table>
        <caption>{w.t("prices.caption", { subject: props.subject, currency: pricing.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{w.t("prices.category")}</th>
            <th scope="col">{w.t("prices.price")}</th>
          </tr>
        </thead>
        <tbody>
          {props.targets.categories.map((c) => {
            const p = pricing.categories[c.key];
            const text = !p
              ? w.t("prices.notPriced")
              : p.amount !== undefined
                ? money(p.amount)
                : (p.ticketTypes ?? []).map((t) => `${t.label} ${money(t.amount)}`).join(", ");
            return (
              <tr>
                <th scope="row">{c.label}</th>
                <td>{text}</td>
              </tr>
            );
          })}
          {Object.entries(pricing.channels ?? {}).flatMap(([channel, prices]) =>
            Object.entries(prices).map(([key, amount]) => (
              <tr>
                <th scope="row">
                  {w.t("prices.through", { category: name(key), channel: props.targets.channels.find((c) => c.key === channel)?.name ?? channel })}
                </th>
                <td>{money(amount)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p>{w.t("prices.feeLine", { fee: feeText(fee, money) })}</p>
    </>
  );
}

/** One control of a ticket-type row, labelled within its row's group ("Ticket type 2", "Price"). */
function RowInput(props: { row: number; key_: "key" | "label" | "amount"; label: string; value?: string; hint?: string }) {
  const { row, key_ } = props;
  return <Field {...props} id={`price-type-${row}-${key_}`} name={`ticketTypes-${key_}`} row={{ list: "ticketTypes", key: key_ }} />;
}

/** The fee in words: a percent of the price, a fixed amount, both, or none. */
function feeText(fee: Pricing["fee"], money: (a: number) => string): string {
  const w = words();
  const percent = fee?.percent ? w.t("prices.feePercentOf", { percent: fee.percent }) : null;
  const fixed = fee?.fixed ? money(fee.fixed) : null;
  if (percent && fixed) return w.t("prices.feePlus", { a: percent, b: fixed });
  return percent ?? fixed ?? w.t("prices.feeNone");
}

export function PricesPanel(props: { api: string; pricing: Pricing | null; targets: PriceTargets; subject: "event" | "season" }) {
  const w = words();
  const form = formOfPricing(props.pricing);
  const { categories, channels } = props.targets;
  const rows = [...form.ticketTypes, ...Array.from({ length: SPARE_ROWS }, () => null)];
  return (
    <section class="panel" aria-labelledby="prices-title">
      <h2 id="prices-title">{w.t("prices.title")}</h2>
      <div id="prices-now" data-refresh>
        {props.pricing ? (
          <PricesTable pricing={props.pricing} targets={props.targets} subject={props.subject} />
        ) : (
          <p>{w.t("prices.unpriced", { subject: props.subject })}</p>
        )}
      </div>
      <ApiForm id="prices-form" api={props.api} method="PUT" then="refresh" done={w.t("prices.saved")} label={w.t("prices.title")}>
        <p class="hint">{w.t("prices.formHint")}</p>
        <Field id="price-currency" name="currency" label={w.t("prices.currency")} hint={w.t("prices.currencyHint")} value={form.currency} autocomplete="off" />
        <fieldset>
          <legend>{w.t("prices.ofCategory")}</legend>
          <p class="hint">{w.t("prices.ofCategoryHint")}</p>
          {categories.map((c, i) => (
            <Field id={`price-amount-${i}`} name={`amounts.${c.key}`} label={c.label} value={form.amounts[c.key]} group={{ name: "amounts", key: c.key }} />
          ))}
        </fieldset>
        <fieldset>
          <legend>{w.t("prices.ticketTypes")}</legend>
          <p class="hint">{w.t("prices.ticketTypesHint")}</p>
          {rows.map((row, i) => (
            <fieldset class="game-row" data-row="ticketTypes">
              <legend>{w.t("prices.ticketType", { n: i + 1 })}</legend>
              <div class="field">
                <label for={`price-type-${i}-category`}>{w.t("prices.category")}</label>
                <select id={`price-type-${i}-category`} name="ticketTypes-categoryKey" data-row-of="ticketTypes" data-key="categoryKey">
                  <option value="">{w.t("prices.none")}</option>
                  {categories.map((c) => (
                    <option value={c.key} selected={row?.categoryKey === c.key}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
              <RowInput row={i} key_="label" label={w.t("prices.name")} value={row?.label} />
              <RowInput row={i} key_="key" label={w.t("prices.key")} value={row?.key} hint={w.t("prices.keyHint")} />
              <RowInput row={i} key_="amount" label={w.t("prices.price")} value={row?.amount} />
            </fieldset>
          ))}
        </fieldset>
        {channels.length > 0 ? (
          <fieldset>
            <legend>{w.t("prices.throughChannel")}</legend>
            <p class="hint">{w.t("prices.throughChannelHint")}</p>
            {channels.flatMap((ch, i) =>
              categories.map((c, j) => (
                <Field
                  id={`price-channel-${i}-${j}`}
                  name={`channelAmounts.${ch.key}:${c.key}`}
                  label={w.t("prices.through", { category: c.label, channel: ch.name })}
                  value={form.channelAmounts[`${ch.key}:${c.key}`]}
                  group={{ name: "channelAmounts", key: `${ch.key}:${c.key}` }}
                />
              )),
            )}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>{w.t("prices.fee")}</legend>
          <Field
            id="price-fee-percent"
            name="feePercent"
            label={w.t("prices.feePercent")}
            hint={w.t("prices.feePercentHint")}
            type="number"
            dataType="number"
            min={0}
            max={100}
            value={form.feePercent === undefined ? undefined : String(form.feePercent)}
          />
          <Field id="price-fee-fixed" name="feeFixed" label={w.t("prices.feeFixed")} value={form.feeFixed} />
        </fieldset>
        <button type="submit" class="button">
          {w.t("prices.save")}
        </button>
      </ApiForm>
      {props.pricing ? (
        <ActionButton
          api={props.api}
          method="DELETE"
          label={w.t("prices.remove")}
          kind="warning"
          confirm={w.t("prices.removeConfirm", { subject: props.subject })}
          done={w.t("prices.removed")}
        />
      ) : null}
    </section>
  );
}
