import {
  FEATURE_TOGGLES,
  type FeatureToggle,
  type GlobalSettings,
  HttpError,
  MAINTENANCE_MESSAGE_MAX,
  SPECIAL_FEATURES,
  type SpecialFeature,
} from '@attest/shared';
import { Alert, Button, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useGlobalSettings, useUpdateGlobalSettings } from '../api/global-settings';
import { failureText } from '../lib/failure-text';
import { fromLocalInput, toLocalInput } from '../lib/local-date-time';
import { SettingsPage } from './settings-page';
import { Section } from './settings-section';

// Settings > Global settings (issue 19): the spec's special features and feature toggles, and
// maintenance mode with the message and end time the maintenance page shows (spec 1 §2-3).
export function GlobalSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('admin.global.title')}
      description={t('admin.global.description')}
      query={useGlobalSettings()}
    >
      {(settings) => <GlobalSettingsForm key={JSON.stringify(settings)} settings={settings} />}
    </SettingsPage>
  );
}

type Draft = {
  features: SpecialFeature[];
  toggles: Record<FeatureToggle, boolean>;
  maintenance: boolean;
  message: string;
  endTime: string;
};

function draftOf(settings: GlobalSettings): Draft {
  return {
    features: settings.special_features,
    toggles: settings.feature_toggles,
    maintenance: settings.maintenance.enabled,
    message: settings.maintenance.message ?? '',
    endTime: toLocalInput(settings.maintenance.end_time),
  };
}

function GlobalSettingsForm({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  const save = useUpdateGlobalSettings();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const fields = save.error instanceof HttpError ? save.error.fieldErrors : undefined;
  const fieldError = (name: string) => fields?.[name]?.join(' ');
  const generalError = save.error && !fields ? failureText(save.error, t) : null;

  const send = () =>
    save.mutate(
      {
        special_features: draft.features,
        feature_toggles: draft.toggles,
        maintenance: {
          enabled: draft.maintenance,
          message: draft.message.trim() || null,
          end_time: fromLocalInput(draft.endTime),
        },
      },
      { onSuccess: () => toast.success('admin.saved') },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Turning maintenance on shuts everyone but administrators out: asked first.
    if (draft.maintenance && !settings.maintenance.enabled) {
      confirmAction({
        title: 'admin.global.confirmTitle',
        body: 'admin.global.confirmBody',
        confirm: 'admin.global.confirm',
        onConfirm: send,
      });
    } else {
      send();
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="lg" maw={760}>
        <Section title={t('admin.global.featuresTitle')} hint={t('admin.global.featuresHint')}>
          {SPECIAL_FEATURES.map((feature) => (
            <Switch
              key={feature}
              label={t(`admin.global.feature.${feature}.label`)}
              description={t(`admin.global.feature.${feature}.hint`)}
              checked={draft.features.includes(feature)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set(
                  'features',
                  on ? [...draft.features, feature] : draft.features.filter((f) => f !== feature),
                );
              }}
            />
          ))}
        </Section>
        <Section title={t('admin.global.togglesTitle')} hint={t('admin.global.togglesHint')}>
          {FEATURE_TOGGLES.map((toggle) => (
            <Switch
              key={toggle}
              label={t(`admin.global.toggle.${toggle}.label`)}
              description={t(`admin.global.toggle.${toggle}.hint`)}
              checked={draft.toggles[toggle]}
              onChange={(e) => set('toggles', { ...draft.toggles, [toggle]: e.currentTarget.checked })}
            />
          ))}
        </Section>
        <Section title={t('admin.global.maintenanceTitle')} hint={t('admin.global.maintenanceHint')}>
          <Switch
            label={t('admin.global.maintenanceOn')}
            description={t('admin.global.maintenanceOnHint')}
            checked={draft.maintenance}
            color="orange"
            onChange={(e) => set('maintenance', e.currentTarget.checked)}
          />
          <Textarea
            label={t('admin.global.message')}
            description={t('admin.global.messageHint', {
              used: draft.message.length,
              max: MAINTENANCE_MESSAGE_MAX,
            })}
            autosize
            minRows={3}
            maxLength={MAINTENANCE_MESSAGE_MAX}
            required={draft.maintenance}
            value={draft.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            error={fieldError('maintenance.message')}
          />
          <TextInput
            type="datetime-local"
            label={t('admin.global.endTime')}
            description={t('admin.global.endTimeHint')}
            value={draft.endTime}
            onChange={(e) => set('endTime', e.currentTarget.value)}
            error={fieldError('maintenance.end_time')}
            maw={440}
          />
          {settings.maintenance.enabled && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('admin.global.maintenanceActive')}
            </Alert>
          )}
        </Section>
        {generalError && (
          <Alert color="red" variant="light">
            {generalError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('admin.global.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
