// Numbers and amounts in the person's language: '1.234,5' in German, '1,234.5' in English.
export function formatNumber(value: number, locale: string, maximumFractionDigits?: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

// '$1,234.50' / '1.234,50 $': a code Intl does not know still shows, after the number.
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}
