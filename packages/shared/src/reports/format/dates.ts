// Spec 2 §9.1: dates are formatted YYYY-MM-DD; tooltip dates MMM DD, YYYY. Report dates are days,
// read and written in UTC so a viewer's time zone never moves them.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatChartDate(value: Date | string | number): string | null {
  const date = toDate(value);
  if (!date) return null;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

// `monthNames` lets the web app pass translated short month names.
export function formatTooltipDate(
  value: Date | string | number,
  monthNames: readonly string[] = MONTHS,
): string | null {
  const date = toDate(value);
  if (!date) return null;
  return `${monthNames[date.getUTCMonth()]} ${pad(date.getUTCDate())}, ${date.getUTCFullYear()}`;
}
