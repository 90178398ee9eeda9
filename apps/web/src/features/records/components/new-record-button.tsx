import type { ObjectTypeDetail } from '@attest/shared';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isolate, withIsolatedNames } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useCreateRecord } from '../api/records';
import { refusalText } from '../lib/refusal-text';
import { serverFieldErrors } from '../lib/server-field-errors';
import { type RecordDraft, RecordForm } from './record-form';

const EMPTY: RecordDraft = { values: {}, regionId: null, businessUnitId: null };

// "New record" (can_add_record; the page hides it otherwise): the type's fields in a dialog, then
// the new record's page.
export function NewRecordButton({ objectType }: { objectType: ObjectTypeDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateRecord(objectType.tag);

  const submit = (draft: RecordDraft) => {
    const values = Object.fromEntries(
      Object.entries(draft.values).filter(
        ([, value]) => value !== undefined && value !== null && value !== '',
      ),
    );
    create.mutate(
      {
        values,
        ...(objectType.definition.has_region ? { region_id: draft.regionId } : {}),
        ...(objectType.definition.has_business_unit ? { business_unit_id: draft.businessUnitId } : {}),
      },
      {
        onSuccess: (record) => {
          toast.success('records.form.created', { id: 'record-created' });
          close();
          navigate(`/records/${objectType.tag}/${record.id}`);
        },
      },
    );
  };

  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
        {t('records.list.new')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          create.reset();
          close();
        }}
        title={withIsolatedNames(t('records.form.newTitle', { type: isolate(objectType.name) }))}
        size="lg"
      >
        <RecordForm
          objectType={objectType}
          initial={EMPTY}
          serverErrors={serverFieldErrors(create.error)}
          serverMessage={create.error ? refusalText(t, create.error) : null}
          submitting={create.isPending}
          submitLabel={t('records.form.create')}
          onSubmit={submit}
          onCancel={() => {
            create.reset();
            close();
          }}
        />
      </Modal>
    </>
  );
}
