/**
 * Money as a person reads it. Amounts travel as integers in the currency's minor unit (cents,
 * pence; yen have none, dinars have three), with the ISO 4217 code beside them; only where a person
 * reads one does it become text, through `Intl.NumberFormat` in the reader's language. Shared by
 * the SDK (legend, tooltip, selection total), the dashboard's pages and its box office, so a price
 * reads the same everywhere.
 */

/**
 * ISO 4217 currencies whose minor unit is not the hundredth. CLDR (and so `Intl`) shows some of
 * these with other digits for cash (Iraqi dinars without fils, Icelandic krónur alike); amounts are
 * stored in ISO's minor units, so ISO decides how many digits an amount has.
 */
const MINOR_DIGITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Digits of `currency`'s minor unit (ISO 4217): 2 unless the table above says otherwise. */
export function currencyDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** One formatter per language and currency: building one costs far more than using it. */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string, language: string): Intl.NumberFormat | null {
  const key = `${language}\u0000${currency}`;
  let f = formatters.get(key);
  if (f === undefined) {
    const digits = currencyDigits(currency);
    try {
      f = new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      // An unknown language tag still formats in the runtime's own language; an unknown currency cannot.
      try {
        f = new Intl.NumberFormat(undefined, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
      } catch {
        f = null;
      }
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * An amount in minor units as a price in `language`: `formatPrice(4500, "EUR", "de")` is
 * "45,00 €", `formatPrice(4500, "JPY", "ja")` is "￥4,500", `formatPrice(1250, "EUR", "ar")` uses
 * Arabic digits. A currency `Intl` does not know is written as the amount and its code.
 *
 * @example formatPrice(123456, "USD", "en") // "$1,234.56"
 */
export function formatPrice(amountMinor: number, currency: string, language: string): string {
  const digits = currencyDigits(currency);
  const amount = amountMinor / 10 ** digits;
  const f = formatterFor(currency, language);
  return f ? f.format(amount) : `${amount.toFixed(digits)} ${currency}`;
}

/**
 * An amount in minor units as a plain decimal, as a form shows it for editing: 4550 EUR → "45.50",
 * 1250 JPY → "1250". Exact: written digit by digit, never through a floating-point amount.
 */
export function decimalText(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

/**
 * A decimal a person typed ("45", "45.5", "45,50", "1 250") in minor units, or null when it is not
 * an amount of this currency (a letter, a negative, more decimals than the currency has). Exact:
 * read digit by digit.
 */
export function minorOf(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text.replace(/[\s\u00a0\u202f']/g, ""));
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(m[1]! + fraction.padEnd(digits, "0"));
}
