export { FilterBuilder, type FilterBuilderProps } from './filter-builder';
export type { FilterChoices, FilterOption } from './filter-choices';
