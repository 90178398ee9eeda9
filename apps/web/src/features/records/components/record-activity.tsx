import type { RecordActivity as Activity, ObjectTypeDetail, RecordFieldChange } from '@attest/shared';
import { Box, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { ACTIVITY_PAGE_SIZE, useRecordActivity } from '../api/records';

type RecordActivityProps = { objectType: ObjectTypeDetail; recordId: number };

type Field = ObjectTypeDetail['definition']['fields'][number];

// A value as logged (any JSON), as short text so a change reads "before → after": a choice by its
// option's label, a place by its name.
function shown(value: unknown, none: string, field: Field | undefined): string {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.map((item) => shown(item, none, field)).join(', ');
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return JSON.stringify(value);
}

function ChangeLine({ change, label, field }: { change: RecordFieldChange; label: string; field?: Field }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const none = t('records.none');
  return (
    <Text fz="sm">
      <UserText>{label}</UserText>
      {': '}
      <Text span c="dimmed" td="line-through">
        <UserText>{shown(change.before, none, field)}</UserText>
      </Text>
      {/* The arrow points the reading way: left in a right-to-left page. */}
      <Text span mx={6} aria-hidden>
        {dir === 'rtl' ? '←' : '→'}
      </Text>
      <Text span fw={500}>
        <UserText>{shown(change.after, none, field)}</UserText>
      </Text>
    </Text>
  );
}

// The activity tab: who changed what and when, newest first, with each field's before and after.
export function RecordActivity({ objectType, recordId }: RecordActivityProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [page, setPage] = useState(0);
  const activity = useRecordActivity(objectType.tag, recordId, page);
  const fields = new Map(objectType.definition.fields.map((f) => [f.tag, f]));
  const labels = new Map(objectType.definition.fields.map((f) => [f.tag, f.label]));
  labels.set('title', t('records.list.title'));
  labels.set('region', t('records.region'));
  labels.set('business_unit', t('records.businessUnit'));
  // A link or unlink is logged under its relation's tag.
  for (const relation of objectType.definition.relations) {
    if (!labels.has(relation.tag)) labels.set(relation.tag, relation.label);
  }

  return (
    <ListStates
      pending={activity.isPending}
      failed={activity.isError}
      empty={(activity.data?.results.length ?? 0) === 0}
      loadingLabel={t('records.loading')}
      failedText={t('records.activity.failed')}
      emptyIcon={<IconHistory size={28} aria-hidden />}
      emptyTitle={t('records.activity.emptyTitle')}
      emptyDescription={t('records.activity.emptyHint')}
    >
      <Stack
        gap="sm"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('records.tabs.activity')}
      >
        {activity.data?.results.map((item: Activity) => (
          <Paper key={item.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fz="sm" fw={600}>
                {t(`records.activity.actions.${item.action}`)}
                {item.actor && (
                  <Text span fw={400} c="dimmed">
                    {' · '}
                    <UserText>{item.actor.name}</UserText>
                  </Text>
                )}
              </Text>
              <Text fz="xs" c="dimmed" component="time" dateTime={item.created_at}>
                {dates.dateTime(item.created_at)}
              </Text>
            </Group>
            {item.changes.length > 0 && (
              <Stack gap={2} mt={6}>
                {item.changes.map((change) => (
                  <ChangeLine
                    key={change.field_tag}
                    change={change}
                    label={labels.get(change.field_tag) ?? change.field_tag}
                    field={fields.get(change.field_tag)}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
      {activity.data && activity.data.count > 0 && (
        <Box mt="sm">
          <TableOverview
            page={page + 1}
            onPage={(value) => setPage(value - 1)}
            total={activity.data.count}
            pageSize={ACTIVITY_PAGE_SIZE}
            hideSinglePage
          />
        </Box>
      )}
    </ListStates>
  );
}
