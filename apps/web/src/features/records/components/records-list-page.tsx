import { HttpError, recordListColumns } from '@attest/shared';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconDatabaseOff, IconFilterOff, IconStack2 } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { PageLoader, PageProblem } from '../../../components/page-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { usePermissions } from '../../auth';
import { newBatchUpdatePath } from '../../batch-updates';
import { useObjectType } from '../api/object-types';
import { useRecords } from '../api/records';
import { recordCountText } from '../lib/count-text';
import {
  isFiltered,
  listParams,
  RECORDS_PAGE_SIZE,
  type RecordListState,
  readListState,
  writeListState,
} from '../lib/list-url-state';
import { NewRecordButton } from './new-record-button';
import { RecordFieldFilters } from './record-field-filters';
import { RecordListFilters } from './record-list-filters';
import { RecordSavedViews } from './record-saved-views';
import { RecordsTable } from './records-table';

// /records/{objectType} (plan §7): one type's records, paged, ordered and filtered by the server;
// the URL holds the list's state.
export function RecordsListPage() {
  const { objectType: tag = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListState(search), [search]);
  const type = useObjectType(tag);
  const records = useRecords(tag, listParams(state));
  const change = useCallback(
    (next: Partial<RecordListState>) => setSearch(writeListState({ ...state, ...next })),
    [state, setSearch],
  );
  // A page past the end (an old link, records deleted meanwhile) moves to the last page there is,
  // rather than calling a list with records empty.
  const lastPage = records.data ? Math.max(1, Math.ceil(records.data.count / RECORDS_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && !records.isPlaceholderData && state.page > lastPage)
      setSearch(writeListState({ ...state, page: lastPage }), { replace: true });
  }, [lastPage, records.isPlaceholderData, state, setSearch]);

  if (type.isPending) return <PageLoader label={t('records.loading')} />;
  if (type.isError)
    return (
      <PageProblem
        icon={<IconDatabaseOff size={24} aria-hidden />}
        title={t('records.typeNotFound')}
        hint={t('records.typeNotFoundHint')}
      />
    );
  const { definition } = type.data;
  const page = records.data;
  const filtered = isFiltered(state);
  // A field filter the type no longer fits (a field removed since a view or link was made): the
  // server refuses it (400 invalid_filter); the list says so and offers to take the filter off.
  const badFilter =
    state.filters !== undefined &&
    records.error instanceof HttpError &&
    records.error.code === 'invalid_filter';
  // The list's own filters are the selection (plan §7): what the list shows is what changes.
  const { limit: _limit, offset: _offset, ...filters } = listParams(state);
  const selectionQuery = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            <UserText>{type.data.name}</UserText>
          </Title>
          {page && (
            <Text c="dimmed" size="sm" aria-live="polite">
              {recordCountText(t, i18n.language, page)}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {can('can_perform_batch_import') && page && page.count > 0 && (
            <Button
              component={Link}
              to={newBatchUpdatePath('records', selectionQuery, tag)}
              variant="default"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
            >
              {t('batchUpdates.action.recordsLabel', {
                formatted: new Intl.NumberFormat(i18n.language).format(page.count),
              })}
            </Button>
          )}
          {can('can_add_record') && <NewRecordButton objectType={type.data} />}
        </Group>
      </Group>
      <RecordListFilters
        state={state}
        hasRegion={definition.has_region}
        hasBusinessUnit={definition.has_business_unit}
        onChange={change}
      />
      <RecordFieldFilters
        definition={definition}
        applied={state.filters}
        onApply={(filters) => change({ filters, page: 1 })}
      >
        <RecordSavedViews
          tag={tag}
          current={writeListState({ ...state, page: 1 }).toString()}
          onOpen={(query) => setSearch(new URLSearchParams(query))}
        />
      </RecordFieldFilters>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <ListStates
          pending={records.isPending}
          failed={records.isError}
          empty={(page?.results.length ?? 0) === 0}
          loadingLabel={t('records.loading')}
          failedText={t(badFilter ? 'records.filters.invalid' : 'records.list.failed')}
          emptyIcon={
            filtered ? <IconFilterOff size={28} aria-hidden /> : <IconStack2 size={28} aria-hidden />
          }
          emptyTitle={t(filtered ? 'records.list.emptyFilteredTitle' : 'records.list.emptyTitle')}
          emptyDescription={t(filtered ? 'records.list.emptyFilteredHint' : 'records.list.emptyHint')}
        >
          {page && (
            <RecordsTable
              objectType={{
                tag,
                name: type.data.name,
                hasRegion: definition.has_region,
                hasBusinessUnit: definition.has_business_unit,
              }}
              columns={recordListColumns(definition)}
              rows={page.results}
              ordering={state.ordering}
              onOrderingChange={(ordering) => change({ ordering, page: 1 })}
              stale={records.isPlaceholderData}
            />
          )}
        </ListStates>
        {badFilter && (
          <Group justify="center" pb="lg">
            <Button variant="light" onClick={() => change({ filters: undefined, page: 1 })}>
              {t('records.filters.clear')}
            </Button>
          </Group>
        )}
        {filtered && page?.results.length === 0 && (
          <Group justify="center" pb="lg">
            <Button variant="light" onClick={() => setSearch(new URLSearchParams())}>
              {t('records.list.clearFilters')}
            </Button>
          </Group>
        )}
        {page && page.results.length > 0 && (
          <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <TableOverview
              page={state.page}
              onPage={(value) => change({ page: value })}
              total={page.count}
              pageSize={RECORDS_PAGE_SIZE}
              shown={page.results.length}
              hideSinglePage
            />
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
