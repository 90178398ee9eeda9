export { FilterBuilder, type FilterBuilderProps } from './filter-builder';
export { type FilterChoices, type FilterOption, statusOptions } from './filter-choices';
