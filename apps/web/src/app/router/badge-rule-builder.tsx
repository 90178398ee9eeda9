import { commonCatalogue, type FilterAttribute } from '@attest/shared';
import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RuleBuilderProps } from '../../features/badges';
import {
  FilterBuilder,
  kindFieldsQueryOptions,
  useAllBusinessUnits,
  useRegions,
} from '../../features/workflow-list';

// A badge's rule names what the dashboard's filter names, but never badges (a rule may not depend
// on one): the kind's catalogue, or the attributes every workflow has.
const NOT_IN_RULES = 'workflow__badges';

// Issue 19: Settings > Badges edits a rule with the dashboard's own condition builder.
export function BadgeRuleBuilder({ kindId, value, onChange }: RuleBuilderProps) {
  const fields = useQuery({ ...kindFieldsQueryOptions(kindId ?? 0), enabled: kindId !== null });
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  const catalogue = useMemo<FilterAttribute[]>(
    () =>
      (kindId === null ? commonCatalogue() : (fields.data?.results ?? [])).filter(
        (a) => a.path !== NOT_IN_RULES,
      ),
    [kindId, fields.data],
  );
  const choices = useMemo(
    () => ({
      regions: (regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      businessUnits: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    }),
    [regions.data, units.data],
  );
  if (kindId !== null && fields.isPending) return <Skeleton h={64} />;
  // A rule is not a filter to clear: removing its conditions is done condition by condition.
  return (
    <FilterBuilder
      catalogue={catalogue}
      value={value}
      onChange={onChange}
      choices={choices}
      clearable={false}
    />
  );
}
