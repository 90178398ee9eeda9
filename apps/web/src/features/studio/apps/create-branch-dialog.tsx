import { STUDIO_BRANCH_NAME_MAX_LENGTH, type StudioAppDetail } from '@attest/shared';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateStudioBranch } from '../api/branches';
import { fieldError, formError } from './studio-error-text';
import { studioPaths } from './studio-paths';

export type CreateBranchDialogProps = {
  detail: StudioAppDetail;
  onClose: () => void;
  // A savepoint chosen beforehand (from the savepoints list).
  fromSavepointId?: number;
};

const FROM_MAIN = 'main';
const FIELDS = ['name', 'from_savepoint_id'] as const;

// A new branch, started from main's working copy as it is or from one of the app's savepoints.
export function CreateBranchDialog({ detail, onClose, fromSavepointId }: CreateBranchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appId = detail.app.id;
  const create = useCreateStudioBranch(appId);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<string>(fromSavepointId ? String(fromSavepointId) : FROM_MAIN);
  const branchName = (id: number) => detail.branches.find((b) => b.id === id)?.name ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), from_savepoint_id: from === FROM_MAIN ? undefined : Number(from) },
      { onSuccess: (branch) => navigate(studioPaths.branch(appId, branch.name)) },
    );
  };
  const general = formError(create.error, FIELDS, t);

  return (
    <Modal opened onClose={onClose} title={t('studio.branches.createTitle')} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('studio.branches.name')}
            required
            maxLength={STUDIO_BRANCH_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(create.error, 'name')}
            data-autofocus
          />
          <Select
            label={t('studio.branches.startFrom')}
            data={[
              { value: FROM_MAIN, label: t('studio.branches.fromMain') },
              ...detail.savepoints.map((s) => ({
                value: String(s.id),
                label: `${branchName(s.branch_id)} · ${s.message}`,
              })),
            ]}
            value={from}
            allowDeselect={false}
            searchable
            onChange={(value) => value && setFrom(value)}
            error={fieldError(create.error, 'from_savepoint_id')}
          />
          {general && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('studio.branches.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
