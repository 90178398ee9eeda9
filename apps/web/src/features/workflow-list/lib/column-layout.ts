// Issue 14: which dashboard columns show, in what order. Sixteen columns did not fit 1440 px, so a
// kind starts with a default set of about eight; a person's own choice (kept on the server per
// kind) replaces it. Pure, so the table and the chooser agree on the rule.

// Always shown: a row must be openable and nameable.
export const REQUIRED_COLUMN = 'name';
// The answer columns (lc_data) a default set takes, in the rows' order.
const DEFAULT_ANSWER_COLUMNS = 2;
const BUILT_IN = new Set(['rank', 'name', 'kind', 'status', 'progress', 'alerts', 'created_at']);

// name, type (every-kind list), status, progress, alerts, the first two answer columns, created.
export function defaultColumns(available: readonly string[]): string[] {
  const answers = available.filter((id) => !BUILT_IN.has(id)).slice(0, DEFAULT_ANSWER_COLUMNS);
  const chosen = new Set(['name', 'kind', 'status', 'progress', 'alerts', ...answers, 'created_at']);
  return available.filter((id) => chosen.has(id));
}

// The columns shown: the kept choice in its order, keeping only columns this page has (answer
// columns come and go with the rows), the required one always; the default when nothing is kept.
export function visibleColumns(available: readonly string[], kept: readonly string[] | null): string[] {
  if (!kept) return defaultColumns(available);
  const present = new Set(available);
  const shown = kept.filter((id) => present.has(id));
  return shown.includes(REQUIRED_COLUMN) || !present.has(REQUIRED_COLUMN)
    ? shown
    : [REQUIRED_COLUMN, ...shown];
}

// The chooser's list: shown columns in their order, then the hidden ones in the table's order.
export function chooserOrder(available: readonly string[], shown: readonly string[]): string[] {
  const visible = new Set(shown);
  return [...shown, ...available.filter((id) => !visible.has(id))];
}

// Moves a shown column one place up (-1) or down (+1) among the shown ones.
export function moveColumn(shown: readonly string[], id: string, by: -1 | 1): string[] {
  const from = shown.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= shown.length) return [...shown];
  const next = [...shown];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

// Shows or hides a column; a newly shown column goes where it sits in the table's own order.
export function toggleColumn(available: readonly string[], shown: readonly string[], id: string): string[] {
  if (id === REQUIRED_COLUMN) return [...shown];
  if (shown.includes(id)) return shown.filter((c) => c !== id);
  const rank = (c: string) => available.indexOf(c);
  const after = shown.findIndex((c) => rank(c) > rank(id));
  const next = [...shown];
  next.splice(after < 0 ? next.length : after, 0, id);
  return next;
}
