import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { withDepthLimit } from '../validators/nesting.js';
import { AttributeTypeSchema, FilterOperatorSchema } from './operators.js';

// Spec 1 §3 advanced filter condition group, bounded (STYLE rule 7): a condition names an attribute
// path of the catalogue (catalogue.ts), its type, an operator and a value; a group combines its
// conditions and nested groups with AND or OR.
export const MAX_GROUP_DEPTH = 5;
export const MAX_CONDITIONS = 50;
export const MAX_GROUPS_PER_GROUP = 20;
export const MAX_LIST_VALUES = 100;
export const MAX_FILTER_VALUE_LENGTH = 1000;
export const MAX_ATTRIBUTE_PATH_LENGTH = 300;

export const COMPARE_TYPES = ['AND', 'OR'] as const;
export const CompareTypeSchema = z.enum(COMPARE_TYPES);
export type CompareType = z.infer<typeof CompareTypeSchema>;

const ScalarSchema = z.union([text().max(MAX_FILTER_VALUE_LENGTH), z.number().finite(), z.boolean()]);
export const FilterValueSchema = z.union([
  ScalarSchema,
  z.array(ScalarSchema).max(MAX_LIST_VALUES),
  z.null(),
]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

// Loose on purpose: the builder keeps half-written conditions (no operator yet, empty value), and
// validateConditionGroup says what is missing with a stable key; the schema only bounds the shape.
export const FilterConditionSchema = z
  .object({
    field: text().max(MAX_ATTRIBUTE_PATH_LENGTH),
    type: AttributeTypeSchema.optional(),
    operator: FilterOperatorSchema.nullable().optional(),
    value: FilterValueSchema.optional(),
  })
  .strict();
export type FilterCondition = z.infer<typeof FilterConditionSchema>;

export type ConditionGroup = {
  compareType: CompareType;
  conditions: FilterCondition[];
  groups: ConditionGroup[];
};

const ConditionGroupNodeSchema: z.ZodType<ConditionGroup> = z.lazy(() =>
  z
    .object({
      compareType: CompareTypeSchema,
      conditions: z.array(FilterConditionSchema).max(MAX_CONDITIONS).default([]),
      groups: z.array(ConditionGroupNodeSchema).max(MAX_GROUPS_PER_GROUP).default([]),
    })
    .strict(),
) as z.ZodType<ConditionGroup>;

// Issue 12: the depth is measured on the raw value before the recursive schema runs. One level
// over the limit still parses, so validateConditionGroup can point at the group that is too deep.
export const ConditionGroupSchema = withDepthLimit(ConditionGroupNodeSchema, {
  limit: MAX_GROUP_DEPTH + 1,
  childrenOf: (node) => {
    const groups = (node as { groups?: unknown }).groups;
    return Array.isArray(groups) ? groups : [];
  },
  message: `Filter groups nest at most ${MAX_GROUP_DEPTH} deep.`,
});

// Spec 2 §3.6 workflow-list defaults: advanced_filters starts as an empty AND group.
export function emptyConditionGroup(compareType: CompareType = 'AND'): ConditionGroup {
  return { compareType, conditions: [], groups: [] };
}

// Depth of the deepest group (the root is 1) and the conditions in all groups together.
export function groupSize(group: ConditionGroup): { depth: number; conditions: number } {
  let depth = 1;
  let conditions = group.conditions.length;
  for (const child of group.groups) {
    const size = groupSize(child);
    depth = Math.max(depth, size.depth + 1);
    conditions += size.conditions;
  }
  return { depth, conditions };
}

export function isEmptyGroup(group: ConditionGroup): boolean {
  return group.conditions.length === 0 && group.groups.every(isEmptyGroup);
}
