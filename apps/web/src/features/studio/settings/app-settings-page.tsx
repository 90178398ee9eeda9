import { HttpError, type StudioAppSettings } from '@attest/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { confirmAction } from '../../../lib/notifications/confirm';
import { useStudioAppSettings, useUpdateStudioAppSettings } from '../api/app-settings';
import { AppIcon } from '../apps/app-icon';
import { StudioNotFound, useIdParam } from '../records/studio-not-found';
import { EditorPickers } from './editor-pickers';
import {
  changesOf,
  checkValues,
  type SettingsErrors,
  type SettingsValues,
  serverErrors,
  valuesOf,
} from './settings-form-values';

// /studio/apps/:id[/:branch[/:savepoint]]/settings/*: the app's name, icon, description, who may
// edit it, and archiving. Settings belong to the app, so every branch's address shows the same.
export function StudioAppSettingsPage() {
  const appId = useIdParam(useParams().id);
  if (appId === null) return <StudioNotFound />;
  return <SettingsLoader appId={appId} />;
}

function SettingsLoader({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const settings = useStudioAppSettings(appId);
  if (settings.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('studioPages.loading')} />
      </Group>
    );
  if (settings.isError) return <StudioNotFound error={settings.error} />;
  // A new key after each save starts the form again from what the server kept.
  return <SettingsForm key={settings.dataUpdatedAt} appId={appId} settings={settings.data} />;
}

function SettingsForm({ appId, settings }: { appId: number; settings: StudioAppSettings }) {
  const { t } = useTranslation();
  const initial = valuesOf(settings);
  const [values, setValues] = useState<SettingsValues>(initial);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const update = useUpdateStudioAppSettings(appId);
  const readOnly = !settings.can_edit;
  const archived = settings.app.archived_at !== null;
  const set = (patch: Partial<SettingsValues>) => setValues((v) => ({ ...v, ...patch }));

  const failed = (error: Error) => {
    if (error instanceof HttpError && error.status === 400)
      setErrors(serverErrors(error.fieldErrors, error.message));
    else setErrors({ form: error.message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkValues(values);
    const shown: SettingsErrors = {};
    for (const [field, [key, options]] of Object.entries(problems) as [
      keyof SettingsErrors,
      [string, Record<string, number>?],
    ][])
      shown[field] = t(key, options);
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    const body = changesOf(initial, values);
    if (!body) return;
    update.mutate(body, { onError: failed });
  };

  const toggleArchive = () => {
    const archive = !archived;
    const run = () => update.mutate({ archived: archive }, { onError: failed });
    if (!archive) return run();
    confirmAction({
      title: 'studioPages.settings.archiveTitle',
      body: 'studioPages.settings.archiveBody',
      confirm: 'studioPages.settings.archive',
      values: { name: settings.app.name },
      onConfirm: run,
    });
  };

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Stack gap={4}>
        <Breadcrumb
          items={[
            { label: settings.app.name, href: `/studio/apps/${appId}`, userText: true },
            { label: t('studioPages.settings.title') },
          ]}
        />
        <Title order={1} fz="h2">
          {t('studioPages.settings.title')}
        </Title>
      </Stack>
      {readOnly ? (
        <Alert color="gray" variant="light">
          {t('studioPages.settings.readOnly')}
        </Alert>
      ) : null}
      {archived ? (
        <Alert color="orange" variant="light" icon={<IconArchive size={18} aria-hidden />}>
          {t('studioPages.settings.archivedNote')}
        </Alert>
      ) : null}
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="form"
        onSubmit={submit}
        noValidate
        aria-labelledby="studio-settings-details"
      >
        <Stack gap="md">
          <Title order={2} fz="h4" id="studio-settings-details">
            {t('studioPages.settings.details')}
          </Title>
          <TextInput
            label={t('studioPages.settings.name')}
            required
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            dir="auto"
            error={errors.name}
            disabled={readOnly}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <AppIcon icon={values.icon.trim() || null} size={36} />
            <TextInput
              label={t('studioPages.settings.icon')}
              description={t('studioPages.settings.iconHint')}
              value={values.icon}
              onChange={(e) => set({ icon: e.currentTarget.value })}
              error={errors.icon}
              disabled={readOnly}
              style={{ flex: 1 }}
            />
          </Group>
          <Textarea
            label={t('studioPages.settings.description')}
            value={values.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            dir="auto"
            error={errors.description}
            disabled={readOnly}
            autosize
            minRows={3}
            maxRows={10}
          />
          <Title order={2} fz="h4" mt="sm">
            {t('studioPages.settings.editors')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('studioPages.settings.editorsHint')}
          </Text>
          <EditorPickers
            settings={settings}
            userIds={values.userIds}
            groupIds={values.groupIds}
            onUsers={(userIds) => set({ userIds })}
            onGroups={(groupIds) => set({ groupIds })}
            disabled={readOnly}
            errors={errors}
          />
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('studioPages.settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {readOnly ? null : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('studioPages.settings.archiveSection')}
            </Title>
            <Text fz="sm" c="dimmed">
              {archived ? t('studioPages.settings.unarchiveHint') : t('studioPages.settings.archiveHint')}
            </Text>
            <Group>
              <Button
                variant={archived ? 'default' : 'outline'}
                color={archived ? undefined : 'red.8'}
                leftSection={
                  archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
                }
                onClick={toggleArchive}
                loading={update.isPending}
              >
                {archived ? t('studioPages.settings.unarchive') : t('studioPages.settings.archive')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
