import { HttpError, type SsoProvider } from '@attest/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { useGroupChoices } from '../api/groups';
import { useCreateSsoProvider, useDeleteSsoProvider, useUpdateSsoProvider } from '../api/sso-providers';
import { errorText } from '../lib/error-text';

export type SsoProviderModalProps = { provider: SsoProvider | 'new' | null; onClose: () => void };

export function SsoProviderModal({ provider, onClose }: SsoProviderModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={provider !== null}
      onClose={onClose}
      size="lg"
      radius="md"
      title={provider === 'new' ? t('admin.sso.add') : t('admin.sso.edit')}
    >
      {provider !== null && (
        <ProviderForm
          key={provider === 'new' ? 'new' : provider.id}
          provider={provider === 'new' ? null : provider}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

type ProviderFormProps = { provider: SsoProvider | null; onDone: () => void };

function ProviderForm({ provider, onDone }: ProviderFormProps) {
  const { t } = useTranslation();
  const groups = useGroupChoices();
  const create = useCreateSsoProvider();
  const update = useUpdateSsoProvider();
  const remove = useDeleteSsoProvider();
  const [form, setForm] = useState({
    display_name: provider?.display_name ?? '',
    slug: provider?.slug ?? '',
    issuer: provider?.issuer ?? '',
    client_id: provider?.client_id ?? '',
    client_secret: '',
    allowed_email_domains: provider?.allowed_email_domains ?? [],
    default_group_id: provider?.default_group_id ? String(provider.default_group_id) : null,
    logout_redirect_url: provider?.logout_redirect_url ?? '',
    enabled: provider?.enabled ?? true,
  });
  const failure = create.error ?? update.error ?? remove.error;
  const fields = failure instanceof HttpError ? failure.fieldErrors : undefined;
  const fieldError = (name: string) => fields?.[name]?.join(' ');
  const text = (
    name: 'display_name' | 'slug' | 'issuer' | 'client_id' | 'client_secret' | 'logout_redirect_url',
  ) => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
    error: fieldError(name),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      display_name: form.display_name,
      issuer: form.issuer,
      client_id: form.client_id,
      allowed_email_domains: form.allowed_email_domains,
      default_group_id: form.default_group_id ? Number(form.default_group_id) : null,
      logout_redirect_url: form.logout_redirect_url.trim() || null,
      enabled: form.enabled,
    };
    if (provider) {
      // The secret is write-only: left blank, the stored one stays.
      const secret = form.client_secret ? { client_secret: form.client_secret } : {};
      update.mutate({ id: provider.id, ...common, ...secret }, { onSuccess: onDone });
    } else {
      create.mutate({ ...common, slug: form.slug, client_secret: form.client_secret }, { onSuccess: onDone });
    }
  };

  const confirmDelete = (target: SsoProvider) =>
    confirmAction({
      title: 'admin.sso.deleteTitle',
      body: 'admin.sso.deleteDescription',
      confirm: 'admin.sso.delete',
      values: { name: isolate(target.display_name) },
      onConfirm: () => remove.mutate(target.id, { onSuccess: onDone }),
    });

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.sso.displayName')} required maxLength={100} {...text('display_name')} />
          <TextInput
            label={t('admin.sso.slug')}
            description={t('admin.sso.slugHint')}
            required
            maxLength={63}
            disabled={provider !== null}
            dir="ltr"
            {...text('slug')}
          />
        </SimpleGrid>
        <TextInput
          label={t('admin.sso.issuer')}
          placeholder="https://login.example.com"
          required
          maxLength={2048}
          dir="ltr"
          {...text('issuer')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.sso.clientId')}
            required
            maxLength={255}
            dir="ltr"
            {...text('client_id')}
          />
          <PasswordInput
            label={t('admin.sso.clientSecret')}
            description={provider ? t('admin.sso.secretKept') : undefined}
            required={provider === null}
            maxLength={1024}
            autoComplete="new-password"
            {...text('client_secret')}
          />
        </SimpleGrid>
        <TagsInput
          label={t('admin.sso.domains')}
          description={t('admin.sso.domainsHint')}
          placeholder="example.com"
          value={form.allowed_email_domains}
          onChange={(value) => setForm((current) => ({ ...current, allowed_email_domains: value }))}
          error={fieldError('allowed_email_domains')}
          maxTags={50}
          splitChars={[',', ' ']}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('admin.sso.defaultGroup')}
            description={t('admin.sso.defaultGroupHint')}
            data={(groups.data?.results ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={form.default_group_id}
            onChange={(value) => setForm((current) => ({ ...current, default_group_id: value }))}
            clearable
          />
          <TextInput
            label={t('admin.sso.logoutUrl')}
            description={t('admin.sso.logoutUrlHint')}
            maxLength={2048}
            dir="ltr"
            {...text('logout_redirect_url')}
          />
        </SimpleGrid>
        <Switch
          label={t('admin.sso.enabledLabel')}
          checked={form.enabled}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setForm((current) => ({ ...current, enabled }));
          }}
        />
        {failure && !fields && (
          <Alert color="red" variant="light">
            {errorText(failure, t)}
          </Alert>
        )}
        <Group justify="space-between">
          {provider ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => confirmDelete(provider)}
              loading={remove.isPending}
            >
              {t('admin.sso.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {provider ? t('admin.save') : t('admin.sso.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
