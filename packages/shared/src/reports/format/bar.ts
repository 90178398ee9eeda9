// Spec 2 §3.7 and §4.2: bar-chart layout defaults, sort availability, sort toggling and drag reorder.
export type ChartOrientation = 'vertical' | 'horizontal';
export type SortOrdering = 'ASC' | 'DESC';

export type BarLayoutOptions = {
  is_stacked_bar_chart?: boolean | null;
  is_grouped_bar_chart?: boolean | null;
  chart_orientation?: ChartOrientation | null;
};

export type BarLayout = { stacked: boolean; grouped: boolean; orientation: ChartOrientation };

// Stacked by default when there are exactly 2 x-axis entries, unless the configuration says
// otherwise; an explicit grouped choice also turns the default stacking off.
export function barLayout(xAxisEntries: number, options: BarLayoutOptions = {}): BarLayout {
  const stacked =
    options.is_stacked_bar_chart ?? (options.is_grouped_bar_chart === true ? false : xAxisEntries === 2);
  return {
    stacked,
    grouped: !stacked && (options.is_grouped_bar_chart === true || xAxisEntries >= 2),
    orientation: options.chart_orientation ?? 'vertical',
  };
}

// Sort is disabled for these field types when their labels are displayed (the label order is not
// the stored order).
export const SORT_DISABLED_FIELD_TYPES = [
  'select',
  'single_select',
  'radio',
  'bool',
  'multi_select',
  'checkbox',
];

export type SortAvailabilityInput = {
  fieldType?: string | null;
  showsLabels: boolean;
  isCycleTimeReport: boolean;
  editable: boolean;
};

export function isSortAvailable(input: SortAvailabilityInput): boolean {
  if (input.isCycleTimeReport || !input.editable) return false;
  return !(input.showsLabels && input.fieldType && SORT_DISABLED_FIELD_TYPES.includes(input.fieldType));
}

export function toggleOrdering(ordering: SortOrdering | null | undefined): SortOrdering {
  return ordering === 'ASC' ? 'DESC' : 'ASC';
}

// Changing the sort clears the custom (dragged) order.
export function changeSort(ordering: SortOrdering): { ordering: SortOrdering; data_order: string[] } {
  return { ordering, data_order: [] };
}

// Categories in the saved data_order first, then any new ones in their query order.
export function applyDataOrder(
  categories: readonly string[],
  dataOrder: readonly string[] | null | undefined,
): string[] {
  if (!dataOrder || dataOrder.length === 0) return [...categories];
  const present = new Set(categories);
  const ordered = dataOrder.filter((category) => present.has(category));
  const placed = new Set(ordered);
  return [...ordered, ...categories.filter((category) => !placed.has(category))];
}

// Dropping one bar on another swaps the two categories; the result is the new data order.
export function swapCategories(order: readonly string[], dragged: string, target: string): string[] {
  const from = order.indexOf(dragged);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next[from] = target;
  next[to] = dragged;
  return next;
}
