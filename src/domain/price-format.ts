/**
 * Amounts as people write and read them (contract §20): integers in a currency's minor units turned
 * into decimal text and back, exactly (digit by digit, never through a floating-point amount), and
 * formatted with `Intl.NumberFormat` in a language. The currency's digits come from Intl: 2 for EUR,
 * 0 for JPY, 3 for BHD.
 */

/** The digits after the decimal point of a currency, from Intl (2 where the runtime does not know it). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as a plain decimal: 4550 EUR → "45.50", 1250 JPY → "1250". */
export function decimalText(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

/**
 * A decimal a person typed ("45", "45.5", "45,50", "1 250") in minor units, or null when it is not
 * an amount of this currency (a letter, a negative, more decimals than the currency has).
 */
export function minorOf(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text.replace(/[\s\u00a0\u202f']/g, ""));
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(m[1]! + fraction.padEnd(digits, "0"));
}

/** An amount in minor units in words of `language` ("€45.50", "45,50 €", "¥1,250"). */
export function formatMinor(amountMinor: number, currency: string, language?: string): string {
  const digits = minorDigits(currency);
  const decimal = decimalText(amountMinor, currency);
  try {
    const format = new Intl.NumberFormat(language || undefined, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // The number nearest the decimal, which Intl rounds back to exactly its digits.
    return format.format(Number(decimal));
  } catch {
    return `${decimal} ${currency}`;
  }
}
