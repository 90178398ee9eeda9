import { STUDIO_STAGES, type StudioStage } from '@attest/shared';
import { Anchor, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { STUDIO_RECORDS_PAGE_SIZE, useStudioRecords } from '../api/records';
import { StageBadge } from './stage-badge';
import { StudioNotFound } from './studio-not-found';

export function isStudioStage(value: string | undefined): value is StudioStage {
  return value !== undefined && (STUDIO_STAGES as readonly string[]).includes(value);
}

export const recordPath = (stage: string, versionId: number, appId: number) =>
  `/studio/records/${stage}/${versionId}?app=${appId}`;

// /studio/records/:stage: the versions at one stage (spec 2 §4.1) across the tenant's apps, newest
// first, paged by the server. Any other stage is the app's not-found page, as the API's 404 is.
export function StudioRecordsPage() {
  const { stage } = useParams();
  if (!isStudioStage(stage)) return <StudioNotFound />;
  return <RecordsAtStage stage={stage} />;
}

function RecordsAtStage({ stage }: { stage: StudioStage }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const records = useStudioRecords(stage, page);
  const rows = records.data?.results ?? [];

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('studioPages.records.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('studioPages.records.description')}
        </Text>
      </Stack>
      <Tabs value={stage} onChange={(next) => next && navigate(`/studio/records/${next}`)}>
        <Tabs.List>
          {STUDIO_STAGES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`studioPages.stages.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" striped data-testid="studio-records">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('studioPages.records.app')}</Table.Th>
                  <Table.Th>{t('studioPages.records.version')}</Table.Th>
                  <Table.Th>{t('studioPages.records.stage')}</Table.Th>
                  <Table.Th>{t('studioPages.records.review')}</Table.Th>
                  <Table.Th>{t('studioPages.records.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md" role={records.isError ? 'alert' : undefined}>
                        {records.isPending
                          ? t('studioPages.loading')
                          : records.isError
                            ? t('studioPages.loadFailed')
                            : t('studioPages.records.empty', { stage: t(`studioPages.stages.${stage}`) })}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/studio/apps/${row.app_id}/`} fz="sm" dir="auto">
                        {row.app_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={recordPath(stage, row.id, row.app_id)} fz="sm">
                        {t('studioPages.records.versionNumber', { version: `${row.major}.${row.minor}` })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <StageBadge stage={row.stage} />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        {row.review
                          ? t(`studioPages.decisions.${row.review.decision}`)
                          : t('studioPages.records.noReview')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dates.dateTime(row.updated_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview
            total={records.data?.count}
            page={page}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            pageSize={STUDIO_RECORDS_PAGE_SIZE}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
