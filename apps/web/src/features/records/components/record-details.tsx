import type { FieldDefinition, ObjectTypeDetail, RecordDetail } from '@attest/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { toast } from '../../../lib/notifications/toast';
import { FieldInput } from '../../workflows';
import { useUpdateRecord } from '../api/records';
import { isStaleRevision, refusalText } from '../lib/refusal-text';
import { serverFieldErrors } from '../lib/server-field-errors';
import { changedValues, type RecordDraft, RecordForm } from './record-form';

type RecordDetailsProps = {
  objectType: ObjectTypeDetail;
  record: RecordDetail;
  editing: boolean;
  onDone: () => void;
  onReload: () => void;
};

const noop = () => {};

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </div>
  );
}

// The details tab: each value with the process page's renderer, or, editing, its input. A save
// sends only what changed, with the revision read; someone else's change in between is named
// (stale_revision) with a way to load it.
export function RecordDetails({ objectType, record, editing, onDone, onReload }: RecordDetailsProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const update = useUpdateRecord(objectType.tag, record.id);
  const { definition } = objectType;

  if (editing) {
    const stale = isStaleRevision(update.error);
    const submit = (draft: RecordDraft) => {
      update.mutate(
        {
          revision: record.revision,
          values: changedValues(record.values, draft.values),
          ...(definition.has_region && draft.regionId !== (record.region?.id ?? null)
            ? { region_id: draft.regionId }
            : {}),
          ...(definition.has_business_unit && draft.businessUnitId !== (record.business_unit?.id ?? null)
            ? { business_unit_id: draft.businessUnitId }
            : {}),
        },
        {
          onSuccess: () => {
            toast.success('records.form.saved', { id: 'record-saved' });
            onDone();
          },
        },
      );
    };
    return (
      <Stack gap="md">
        {stale && (
          <Alert color="orange" role="alert" title={t('records.errors.staleTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{refusalText(t, update.error)}</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  update.reset();
                  onReload();
                }}
              >
                {t('records.actions.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <RecordForm
          // A reloaded record starts the form again from its values.
          key={record.revision}
          objectType={objectType}
          initial={{
            values: record.values,
            regionId: record.region?.id ?? null,
            businessUnitId: record.business_unit?.id ?? null,
          }}
          serverErrors={serverFieldErrors(update.error)}
          serverMessage={update.error && !stale ? refusalText(t, update.error) : null}
          submitting={update.isPending}
          submitLabel={t('records.form.save')}
          onSubmit={submit}
          onCancel={() => {
            update.reset();
            onDone();
          }}
          focusFirst
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="md">
        {definition.fields.map((field) => (
          <FieldInput
            key={field.tag}
            field={field as unknown as FieldDefinition}
            value={record.values[field.tag]}
            onChange={noop}
            onCommit={noop}
            readOnly
            // Object types have no workflow-bound fields (plan §1.1): no control reads it.
            workflowId={0}
          />
        ))}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {definition.has_region && (
          <Meta label={t('records.region')}>
            {record.region ? <UserText>{record.region.name}</UserText> : t('records.none')}
          </Meta>
        )}
        {definition.has_business_unit && (
          <Meta label={t('records.businessUnit')}>
            {record.business_unit ? <UserText>{record.business_unit.name}</UserText> : t('records.none')}
          </Meta>
        )}
        <Meta label={t('records.created')}>
          <Group gap={4} component="span">
            {dates.dateTime(record.created_at)}
            {record.created_by && <UserText>· {record.created_by.name}</UserText>}
          </Group>
        </Meta>
        <Meta label={t('records.updated')}>
          <Group gap={4} component="span">
            {dates.dateTime(record.updated_at)}
            {record.updated_by && <UserText>· {record.updated_by.name}</UserText>}
          </Group>
        </Meta>
      </SimpleGrid>
    </Stack>
  );
}
