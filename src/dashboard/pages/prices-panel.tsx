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
  return (
    <>
      <table>
        <caption>
          Prices of this {props.subject}, in {pricing.currency}
        </caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {props.targets.categories.map((c) => {
            const p = pricing.categories[c.key];
            const text = !p
              ? "Not priced: buyers cannot hold it"
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
                  {name(key)} through {props.targets.channels.find((c) => c.key === channel)?.name ?? channel}
                </th>
                <td>{money(amount)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p>
        Fee per seat or place:{" "}
        {fee && (fee.percent || fee.fixed)
          ? [fee.percent ? `${fee.percent}% of its price` : "", fee.fixed ? money(fee.fixed) : ""].filter(Boolean).join(" plus ")
          : "none"}
        .
      </p>
    </>
  );
}

/** One control of a ticket-type row, labelled within its row's group ("Ticket type 2", "Price"). */
function RowInput(props: { row: number; key_: "key" | "label" | "amount"; label: string; value?: string; hint?: string }) {
  const id = `price-type-${props.row}-${props.key_}`;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <input
        id={id}
        name={`ticketTypes-${props.key_}`}
        value={props.value}
        data-row-of="ticketTypes"
        data-key={props.key_}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        autocomplete="off"
        spellcheck={false}
      />
    </div>
  );
}

export function PricesPanel(props: { api: string; pricing: Pricing | null; targets: PriceTargets; subject: "event" | "season" }) {
  const form = formOfPricing(props.pricing);
  const { categories, channels } = props.targets;
  const rows = [...form.ticketTypes, ...Array.from({ length: SPARE_ROWS }, () => null)];
  return (
    <section class="panel" aria-labelledby="prices-title">
      <h2 id="prices-title">Prices</h2>
      <div id="prices-now" data-refresh>
        {props.pricing ? (
          <PricesTable pricing={props.pricing} targets={props.targets} subject={props.subject} />
        ) : (
          <p>This {props.subject} sells without prices: holds and bookings carry no price. Set prices and every hold locks the price its buyer saw.</p>
        )}
      </div>
      <ApiForm id="prices-form" api={props.api} method="PUT" then="refresh" done="Prices saved" label="Prices">
        <p class="hint">Prices in the currency as buyers read them ("45.50"). Holds already made keep the price they locked; new holds take these prices.</p>
        <Field id="price-currency" name="currency" label="Currency" hint="Its ISO code: EUR, USD, GBP, JPY…" value={form.currency} autocomplete="off" />
        <fieldset>
          <legend>Price of each category</legend>
          <p class="hint">Leave a category empty to sell it by ticket type (below), or not to sell it to buyers at all.</p>
          {categories.map((c, i) => (
            <Field id={`price-amount-${i}`} name={`amounts.${c.key}`} label={c.label} value={form.amounts[c.key]} group={{ name: "amounts", key: c.key }} />
          ))}
        </fieldset>
        <fieldset>
          <legend>Ticket types</legend>
          <p class="hint">Adult, child, concession…: the first of a category is what a buyer gets unless they choose another.</p>
          {rows.map((row, i) => (
            <fieldset class="game-row" data-row="ticketTypes">
              <legend>Ticket type {i + 1}</legend>
              <div class="field">
                <label for={`price-type-${i}-category`}>Category</label>
                <select id={`price-type-${i}-category`} name="ticketTypes-categoryKey" data-row-of="ticketTypes" data-key="categoryKey">
                  <option value="">(none)</option>
                  {categories.map((c) => (
                    <option value={c.key} selected={row?.categoryKey === c.key}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
              <RowInput row={i} key_="label" label="Name" value={row?.label} />
              <RowInput row={i} key_="key" label="Key" value={row?.key} hint="Letters, digits, - or _; sent by ticketing sites" />
              <RowInput row={i} key_="amount" label="Price" value={row?.amount} />
            </fieldset>
          ))}
        </fieldset>
        {channels.length > 0 ? (
          <fieldset>
            <legend>Prices through a channel</legend>
            <p class="hint">Replaces the category's price for seats and places sold through that channel. Leave empty for the category's price.</p>
            {channels.flatMap((ch, i) =>
              categories.map((c, j) => (
                <Field
                  id={`price-channel-${i}-${j}`}
                  name={`channelAmounts.${ch.key}:${c.key}`}
                  label={`${c.label} through ${ch.name}`}
                  value={form.channelAmounts[`${ch.key}:${c.key}`]}
                  group={{ name: "channelAmounts", key: `${ch.key}:${c.key}` }}
                />
              )),
            )}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>Fee per seat or place</legend>
          <Field
            id="price-fee-percent"
            name="feePercent"
            label="Percent of the price"
            hint="0 to 100, at most two decimals; rounded half up to a cent"
            type="number"
            dataType="number"
            min={0}
            max={100}
            value={form.feePercent === undefined ? undefined : String(form.feePercent)}
          />
          <Field id="price-fee-fixed" name="feeFixed" label="Fixed amount" value={form.feeFixed} />
        </fieldset>
        <button type="submit" class="button">
          Save prices
        </button>
      </ApiForm>
      {props.pricing ? (
        <ActionButton
          api={props.api}
          method="DELETE"
          label="Remove prices"
          kind="warning"
          confirm={`Sell this ${props.subject} without prices? Holds and bookings keep the prices they locked.`}
          done="Prices removed"
        />
      ) : null}
    </section>
  );
}
