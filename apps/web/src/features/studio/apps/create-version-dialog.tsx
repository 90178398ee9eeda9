import type { StudioAppDetail, StudioSavepointSummary } from '@attest/shared';
import { HttpError } from '@attest/shared';
import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useCreateStudioVersion } from '../api/versions';
import { versionLabel } from './studio-badges';

export type CreateVersionDialogProps = {
  detail: StudioAppDetail;
  savepoint: StudioSavepointSummary;
  onClose: () => void;
};

// The number the next version of each kind would get, as the server hands them out.
function nextNumbers(detail: StudioAppDetail) {
  const latest = detail.versions[0];
  return {
    major: { major: (latest?.major ?? 0) + 1, minor: 0 },
    minor: latest ? { major: latest.major, minor: latest.minor + 1 } : null,
  };
}

// Freeze a savepoint as a major or minor version. A refusal shows the server's failure reason
// (spec 1 §4) and, for a package that does not pass the definition schema, each problem by path.
export function CreateVersionDialog({ detail, savepoint, onClose }: CreateVersionDialogProps) {
  const { t } = useTranslation();
  const create = useCreateStudioVersion(detail.app.id);
  const next = nextNumbers(detail);
  const [increment, setIncrement] = useState<'major' | 'minor'>(next.minor ? 'minor' : 'major');
  const error = create.error;
  const problems = error instanceof HttpError ? Object.entries(error.fieldErrors ?? {}) : [];

  const submit = () =>
    create.mutate(
      { savepoint_id: savepoint.id, increment },
      {
        onSuccess: (version) => {
          toast.success('studio.versions.created', { values: { version: isolate(versionLabel(version)) } });
          onClose();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={t('studio.versions.createTitle')} radius="md" size="lg">
      <Stack gap="md">
        <Text fz="sm">{t('studio.versions.createFrom', { message: savepoint.message })}</Text>
        <Radio.Group
          label={t('studio.versions.increment')}
          value={increment}
          onChange={(value) => setIncrement(value as 'major' | 'minor')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="major" label={t('studio.versions.major', { version: versionLabel(next.major) })} />
            <Radio
              value="minor"
              label={
                next.minor
                  ? t('studio.versions.minor', { version: versionLabel(next.minor) })
                  : t('studio.versions.minorFirst')
              }
            />
          </Stack>
        </Radio.Group>
        {error && (
          <Alert
            color="red"
            role="alert"
            title={error instanceof HttpError ? error.message : t('studio.failed')}
          >
            {problems.length > 0 && (
              <List size="sm" spacing={2}>
                {problems.map(([field, messages]) => (
                  <List.Item key={field}>
                    <Text span ff="monospace" fz="xs" dir="ltr">
                      {field}
                    </Text>
                    : {messages.join(' ')}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('studio.versions.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
