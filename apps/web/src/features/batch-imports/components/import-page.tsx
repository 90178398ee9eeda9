import { Anchor, Center, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { UserText } from '../../../components/user-text';
import { usePermissions } from '../../auth';
import { useImport } from '../api/batch-imports';
import { IMPORT_STEPS, type ImportStep, stepIndex, stepOfState } from '../lib/import-steps';
import { DoneStep } from './done-step';
import { ImportStateBadge } from './import-state-badge';
import { MapStep } from './map-step';
import { PreviewStep } from './preview-step';
import { RunStep } from './run-step';

// /batch-import/{importId} (spec 2 §2.3, plan §4): one import through its stages. The step follows
// the import's state; after the preview the person may go back to change the mapping.
export function ImportPage() {
  const { importId = '' } = useParams();
  const id = Number(importId);
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const canPerform = can('can_perform_batch_import');
  const query = useImport(Number.isInteger(id) ? id : 0);
  const [remapping, setRemapping] = useState(false);

  if (!Number.isInteger(id) || id < 1 || query.isError)
    return (
      <Center py={64}>
        <Stack align="center" gap="xs" role="alert">
          <Title order={1} fz="lg">
            {t('batchImports.notFound')}
          </Title>
          <Anchor component={Link} to="/batch-imports">
            {t('batchImports.backToList')}
          </Anchor>
        </Stack>
      </Center>
    );
  if (query.isPending)
    return (
      <Center py={64}>
        <Loader size="sm" aria-label={t('batchImports.loading')} />
      </Center>
    );

  const item = query.data;
  const fromState = stepOfState(item.state);
  const step: ImportStep = remapping && fromState === 'preview' ? 'map' : fromState;
  const target = item.object_type?.name ?? item.kind?.name ?? '';

  return (
    <Stack gap="md" p="lg">
      <Anchor component={Link} to="/batch-imports" size="sm">
        {t('batchImports.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            <UserText>{item.file_name}</UserText>
          </Title>
          <Text c="dimmed" size="sm">
            {t(`batchImports.targets.${item.target}`)}: <UserText>{target}</UserText> ·{' '}
            {t('batchImports.rowsTotal', {
              count: item.rows_total,
              shown: item.rows_total.toLocaleString(i18n.language),
            })}
          </Text>
        </div>
        <ImportStateBadge state={item.state} />
      </Group>
      {/* Past the last step once the import is done: every step shows as completed. */}
      <Stepper
        active={step === 'done' ? IMPORT_STEPS.length : stepIndex(step)}
        size="sm"
        allowNextStepsSelect={false}
      >
        {IMPORT_STEPS.map((name) => (
          <Stepper.Step key={name} label={t(`batchImports.steps.${name}`)} />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p="lg">
        {step === 'upload' && (
          <Group gap="sm" justify="center" py="xl" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('batchImports.reading')}</Text>
          </Group>
        )}
        {step === 'map' && (
          <MapStep item={item} canPerform={canPerform} onMapped={() => setRemapping(false)} />
        )}
        {step === 'preview' && (
          <PreviewStep item={item} canPerform={canPerform} onChangeMapping={() => setRemapping(true)} />
        )}
        {step === 'run' && <RunStep item={item} />}
        {step === 'done' && <DoneStep item={item} canPerform={canPerform} />}
      </Paper>
    </Stack>
  );
}
