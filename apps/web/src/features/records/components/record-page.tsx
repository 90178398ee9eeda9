import { Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArchive, IconDatabaseOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageLoader, PageProblem } from '../../../components/page-states';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { RecordComments } from '../../mentions';
import { useObjectType } from '../api/object-types';
import { useRecord } from '../api/records';
import { RecordActions } from './record-actions';
import { RecordActivity } from './record-activity';
import { RecordDetails } from './record-details';
import { RecordRelatedRecords } from './record-related-records';
import { RecordRelatedWorkflows } from './record-related-workflows';

// Plan §7: the tab is the path's last segment.
export const RECORD_TABS = [
  'details',
  'related-records',
  'related-workflows',
  'activity',
  'comments',
] as const;
type RecordTab = (typeof RECORD_TABS)[number];
const isTab = (value: string | undefined): value is RecordTab => RECORD_TABS.includes(value as RecordTab);

const TAB_LABELS: Record<RecordTab, string> = {
  details: 'records.tabs.details',
  'related-records': 'records.tabs.relatedRecords',
  'related-workflows': 'records.tabs.relatedWorkflows',
  activity: 'records.tabs.activity',
  comments: 'records.tabs.comments',
};

// /records/{objectType}/{objectId}[/{objectTab}]: one record, its header and its tabs.
export function RecordPage() {
  const { objectType: tag = '', objectId = '', objectTab } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dates = useDateFormat();
  const id = /^\d{1,15}$/.test(objectId) ? Number(objectId) : 0;
  const type = useObjectType(tag);
  const record = useRecord(tag, id);
  const [editing, setEditing] = useState(false);
  const tab: RecordTab = isTab(objectTab) ? objectTab : 'details';

  if (id === 0 || type.isError || record.isError)
    return (
      <PageProblem
        icon={<IconDatabaseOff size={24} aria-hidden />}
        title={t('records.recordNotFound')}
        hint={t('records.recordNotFoundHint')}
      />
    );
  if (type.isPending || record.isPending) return <PageLoader label={t('records.loading')} />;
  const detail = record.data;

  return (
    <Stack gap="md" p="lg" maw={960}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} miw={0}>
          <Breadcrumb
            items={[
              { label: type.data.name, href: `/records/${tag}`, userText: true },
              { label: detail.title, userText: true },
            ]}
          />
          <Group gap="xs" wrap="wrap">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              <UserText>{detail.title}</UserText>
            </Title>
            {detail.archived_at && (
              <Badge color="gray" variant="light" leftSection={<IconArchive size={12} aria-hidden />}>
                {t('records.archived')}
              </Badge>
            )}
          </Group>
          {detail.archived_at && (
            <Text fz="sm" c="dimmed">
              {t('records.archivedOn', { date: dates.dateTime(detail.archived_at) })}
            </Text>
          )}
        </Stack>
        <RecordActions record={detail} editing={editing} onEdit={() => navigateToEdit()} />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value ?? undefined)) navigate(`/records/${tag}/${id}/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {RECORD_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(TAB_LABELS[value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper withBorder radius="md" p="lg" mt="md">
          <Tabs.Panel value="details">
            <RecordDetails
              objectType={type.data}
              record={detail}
              editing={editing}
              onDone={() => setEditing(false)}
              onReload={() => void record.refetch()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="related-records">
            <RecordRelatedRecords
              objectType={type.data}
              recordId={id}
              archived={detail.archived_at !== null}
            />
          </Tabs.Panel>
          <Tabs.Panel value="related-workflows">
            <RecordRelatedWorkflows tag={tag} recordId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <RecordActivity objectType={type.data} recordId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="comments">
            <RecordComments tag={tag} recordId={id} archived={detail.archived_at !== null} />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );

  // Editing happens on the details tab: the action opens it there.
  function navigateToEdit() {
    setEditing(true);
    if (tab !== 'details') navigate(`/records/${tag}/${id}/details`);
  }
}
