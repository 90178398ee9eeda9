import { type TestEnvironment, WORKFLOW_NAME_MAX_LENGTH } from '@attest/shared';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegions } from '../../workflow-list';
import { useStartTestWorkflow } from '../api/test-workflows';
import { fieldError, formError } from '../apps/studio-error-text';

export type StartTestWorkflowDialogProps = {
  appId: number;
  environment: TestEnvironment;
  process: string;
  onClose: () => void;
};

// A test workflow needs what any new workflow needs: a name and a region (spec 1 §4). Once started,
// its process page is one click away.
export function StartTestWorkflowDialog({
  appId,
  environment,
  process,
  onClose,
}: StartTestWorkflowDialogProps) {
  const { t } = useTranslation();
  const regions = useRegions();
  const start = useStartTestWorkflow(appId, environment);
  const [name, setName] = useState('');
  const [regionId, setRegionId] = useState<string | null>(null);
  const envName = t(`studio.environments.${environment}`);
  const started = start.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!regionId) return;
    start.mutate({ process, body: { name: name.trim(), region_id: Number(regionId) } });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('studioMoves.close') }}
      title={t('studioMoves.environments.startTitle', { process, environment: envName })}
    >
      {started ? (
        <Stack gap="md">
          <Alert color="teal" role="status">
            {t('studioMoves.environments.started', { name: started.name })}{' '}
            <Anchor component={Link} to={`/process/${started.id}`}>
              {t('studioMoves.environments.openWorkflow')}
            </Anchor>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('studioMoves.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('studioMoves.environments.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={WORKFLOW_NAME_MAX_LENGTH}
              required
              data-autofocus
              error={fieldError(start.error, 'name')}
            />
            <Select
              label={t('studioMoves.environments.region')}
              data={(regions.data ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
              value={regionId}
              onChange={setRegionId}
              required
              searchable
              error={fieldError(start.error, 'region_id')}
            />
            {formError(start.error, ['name', 'region_id'], t) && (
              <Alert color="red" role="alert">
                {formError(start.error, ['name', 'region_id'], t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim() || !regionId} loading={start.isPending}>
                {t('studioMoves.environments.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
