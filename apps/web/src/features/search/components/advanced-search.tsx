import {
  type ConditionGroup,
  commonCatalogue,
  emptyConditionGroup,
  encodeListQuery,
  isEmptyGroup,
  PAGE_SIZE,
} from '@attest/shared';
import { Anchor, Badge, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilterSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { FilterBuilder, kindFieldsQueryOptions, useAllBusinessUnits, useRegions } from '../../workflow-list';
import { useAdvancedSearch } from '../api/advanced-search';

const COMMON = commonCatalogue();

export type AdvancedSearchProps = { kindId: number | undefined; kindName: string | undefined };

// Spec 2 §9.4 advanced search with the dashboard's filter builder. Across kinds it offers what every
// kind has (status, region, dates, ...); a kind chosen above adds that kind's fields (answers).
export function AdvancedSearch({ kindId, kindName }: AdvancedSearchProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ConditionGroup>(emptyConditionGroup());
  const [applied, setApplied] = useState<ConditionGroup | null>(null);
  const [page, setPage] = useState(1);
  // Another kind's fields do not apply: the filter starts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the kind only.
  useEffect(() => {
    setDraft(emptyConditionGroup());
    setApplied(null);
    setPage(1);
  }, [kindId]);
  const fields = useQuery({ ...kindFieldsQueryOptions(kindId ?? 0), enabled: kindId !== undefined });
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  const choices = useMemo(
    () => ({
      regions: (regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      businessUnits: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    }),
    [regions.data, units.data],
  );
  const catalogue = kindId === undefined ? COMMON : fields.data?.results;
  const query =
    applied === null
      ? null
      : encodeListQuery({ kind_id: kindId, advanced_filters: applied, page }).toString();
  const list = useAdvancedSearch(query);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {kindId === undefined
          ? t('search.advanced.commonHint')
          : t('search.advanced.kindHint', { kind: kindName ?? '' })}
      </Text>
      {catalogue ? (
        <FilterBuilder
          catalogue={catalogue}
          value={draft}
          onChange={setDraft}
          choices={choices}
          onApply={(group) => {
            setPage(1);
            setApplied(isEmptyGroup(group) ? null : group);
          }}
        />
      ) : (
        <Stack gap="xs" aria-busy>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      )}
      {applied !== null ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="advanced-search-results">
          <Group gap="xs" mb="sm">
            <Title order={2} fz="md" id="advanced-search-results">
              {t('search.advanced.results')}
            </Title>
            {list.data ? (
              <Badge variant="light" color="gray">
                {list.data.count_is_estimate
                  ? // The list's estimate may be above or below the truth (the count rule): "about".
                    t('dashboard.aboutCount', {
                      formatted: new Intl.NumberFormat(i18n.language).format(list.data.count),
                    })
                  : list.data.count}
              </Badge>
            ) : null}
          </Group>
          <ListStates
            pending={list.isPending}
            failed={list.isError}
            empty={list.data?.results.length === 0}
            loadingLabel={t('search.loading')}
            failedText={t('search.failed')}
            emptyIcon={<IconFilterSearch size={32} stroke={1.4} aria-hidden />}
            emptyTitle={t('search.advanced.emptyTitle')}
            emptyDescription={t('search.advanced.emptyDescription')}
          >
            <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.data?.results.map((item) => (
                <li key={item.id}>
                  <Group gap="xs" wrap="nowrap" py={4}>
                    <Anchor component={Link} to={`/process/${item.id}`} fw={600} fz="sm" dir="auto">
                      {item.name}
                    </Anchor>
                    <Text fz="xs" c="dimmed" dir="auto">
                      {`#${item.id} · ${item.kind.name} · ${item.status.display_name} · ${item.region.name}`}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
            {list.data && list.data.results.length > 0 ? (
              <Box mt="md">
                <TableOverview
                  page={page}
                  onPage={setPage}
                  total={list.data.count}
                  estimate={list.data.count_is_estimate}
                  shown={list.data.results.length}
                  pageSize={PAGE_SIZE}
                  hideSinglePage
                />
              </Box>
            ) : null}
          </ListStates>
        </Paper>
      ) : null}
    </Stack>
  );
}
