import {
  ASVS_L2_IDLE_MINUTES,
  HttpError,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  type SecuritySettings,
  type SecuritySettingsUpdate,
} from '@attest/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';
import { errorText } from '../lib/error-text';
import { AdminPageHeader } from './admin-page-header';

// How people sign in to this tenant: required MFA, session timeouts and captcha.
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const settings = useSecuritySettings();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('admin.security.title')} description={t('admin.security.description')} />
      {settings.data ? (
        <SecuritySettingsForm settings={settings.data} />
      ) : settings.error ? (
        <Alert color="red" variant="light">
          {errorText(settings.error, t)}
        </Alert>
      ) : (
        <Loader size="sm" />
      )}
    </Stack>
  );
}

type FormState = {
  require_mfa: boolean;
  session_idle_minutes: number | string;
  session_absolute_hours: number | string;
  captcha_enabled: boolean;
  hcaptcha_site_key: string;
  // Write-only: blank keeps the stored secret.
  hcaptcha_secret: string;
};

function formStateOf(settings: SecuritySettings): FormState {
  return {
    require_mfa: settings.require_mfa,
    session_idle_minutes: settings.session_idle_minutes,
    session_absolute_hours: settings.session_absolute_hours,
    captcha_enabled: settings.captcha_enabled,
    hcaptcha_site_key: settings.hcaptcha_site_key ?? '',
    hcaptcha_secret: '',
  };
}

// A cleared number field keeps the stored value (the saved settings then fill it in again).
function changesOf(form: FormState): SecuritySettingsUpdate {
  const number = (value: number | string) => (typeof value === 'number' ? value : undefined);
  return {
    require_mfa: form.require_mfa,
    session_idle_minutes: number(form.session_idle_minutes),
    session_absolute_hours: number(form.session_absolute_hours),
    captcha_enabled: form.captcha_enabled,
    hcaptcha_site_key: form.hcaptcha_site_key.trim() || null,
    ...(form.hcaptcha_secret.trim() && { hcaptcha_secret: form.hcaptcha_secret.trim() }),
  };
}

function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t } = useTranslation();
  const save = useUpdateSecuritySettings();
  const [form, setForm] = useState(() => formStateOf(settings));
  const set = <K extends keyof FormState>(name: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [name]: value }));
  const fields = save.error instanceof HttpError ? save.error.fieldErrors : undefined;
  const fieldError = (name: keyof FormState) => fields?.[name]?.join(' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(changesOf(form), {
      onSuccess: (saved) => {
        setForm(formStateOf(saved));
        toast.success('admin.saved');
      },
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="lg" maw={760}>
        <Section title={t('admin.security.mfaTitle')}>
          <Switch
            label={t('admin.security.requireMfa')}
            description={t('admin.security.requireMfaHint')}
            checked={form.require_mfa}
            onChange={(e) => set('require_mfa', e.currentTarget.checked)}
            error={fieldError('require_mfa')}
          />
        </Section>

        <Section title={t('admin.security.sessionsTitle')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('admin.security.idleMinutes')}
              description={t('admin.security.idleMinutesHint', { minutes: ASVS_L2_IDLE_MINUTES })}
              min={SESSION_IDLE_MINUTES.min}
              max={SESSION_IDLE_MINUTES.max}
              allowDecimal={false}
              allowNegative={false}
              value={form.session_idle_minutes}
              onChange={(value) => set('session_idle_minutes', value)}
              error={fieldError('session_idle_minutes')}
            />
            <NumberInput
              label={t('admin.security.absoluteHours')}
              description={t('admin.security.absoluteHoursHint')}
              min={SESSION_ABSOLUTE_HOURS.min}
              max={SESSION_ABSOLUTE_HOURS.max}
              allowDecimal={false}
              allowNegative={false}
              value={form.session_absolute_hours}
              onChange={(value) => set('session_absolute_hours', value)}
              error={fieldError('session_absolute_hours')}
            />
          </SimpleGrid>
          <Text fz="xs" c="dimmed">
            {t('admin.security.sessionsHint')}
          </Text>
        </Section>

        <Section title={t('admin.security.captchaTitle')}>
          <Switch
            label={t('admin.security.captchaEnabled')}
            description={t('admin.security.captchaEnabledHint')}
            checked={form.captcha_enabled}
            onChange={(e) => set('captcha_enabled', e.currentTarget.checked)}
            error={fieldError('captcha_enabled')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('admin.security.siteKey')}
              description={t('admin.security.siteKeyHint')}
              maxLength={200}
              dir="ltr"
              autoComplete="off"
              value={form.hcaptcha_site_key}
              onChange={(e) => set('hcaptcha_site_key', e.currentTarget.value)}
              error={fieldError('hcaptcha_site_key')}
            />
            <PasswordInput
              label={
                <Group gap={6} component="span" display="inline-flex">
                  {t('admin.security.secret')}
                  {settings.hcaptcha_secret_set && (
                    <Badge size="xs" variant="light" color="teal">
                      {t('admin.security.secretSaved')}
                    </Badge>
                  )}
                </Group>
              }
              description={
                settings.hcaptcha_secret_set ? t('admin.security.secretKept') : t('admin.security.secretHint')
              }
              maxLength={500}
              dir="ltr"
              autoComplete="new-password"
              value={form.hcaptcha_secret}
              onChange={(e) => set('hcaptcha_secret', e.currentTarget.value)}
              error={fieldError('hcaptcha_secret')}
            />
          </SimpleGrid>
        </Section>

        {save.error && !fields && (
          <Alert color="red" variant="light">
            {errorText(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="md">
        <Title order={2} fz="md" fw={600}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
