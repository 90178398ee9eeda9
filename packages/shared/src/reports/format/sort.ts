import { type ReportConfig, type ReportOrderBy, ReportOrderBySchema } from '../config.js';
import { changeSort, type SortOrdering } from './bar.js';

type GroupBy = ReportConfig['group_by'][number];

// The engine orders by a group-by column when an order_by entry names the same source in the same
// relation (compile-report.ts keys them by join_relation, kind_id and source).
function sortsGroup(order: ReportOrderBy, group: GroupBy): boolean {
  return (
    order.type === 'column' &&
    order.source === group.source &&
    order.join_relation === group.join_relation &&
    order.kind_id === group.kind_id
  );
}

// Spec 2 §4.2: the ordering the report sorts its first group-by in, or null when it does not.
export function firstGroupBySort(config: ReportConfig): SortOrdering | null {
  const group = config.group_by[0];
  if (!group) return null;
  return config.order_by.find((order) => sortsGroup(order, group))?.ordering ?? null;
}

// The configuration sorted by its first group-by in `ordering`, that sort first; changing the sort
// clears the custom (dragged) order, data_order (§4.2).
export function sortByFirstGroupBy(config: ReportConfig, ordering: SortOrdering): ReportConfig {
  const group = config.group_by[0];
  if (!group) return config;
  const order = ReportOrderBySchema.parse({
    type: 'column',
    ordering,
    source: group.source,
    data_type: group.extra_json.data_type,
    join_relation: group.join_relation,
    kind_id: group.kind_id,
    tag: group.tag,
  });
  return {
    ...config,
    order_by: [order, ...config.order_by.filter((existing) => !sortsGroup(existing, group))],
    other_configurations: { ...config.other_configurations, data_order: changeSort(ordering).data_order },
  };
}
