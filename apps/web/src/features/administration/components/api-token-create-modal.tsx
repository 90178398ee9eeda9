import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_UNGRANTABLE,
  type ApiTokenCreated,
  type PermissionCodename,
} from '@attest/shared';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiToken } from '../api/api-tokens';
import { usePermissionsCatalogue } from '../api/permissions-catalogue';
import type { AdminCan } from '../lib/admin-can';
import { errorText } from '../lib/error-text';
import { ApiTokenSecret } from './api-token-secret';
import { PermissionChecklist } from './permission-checklist';

type Props = { opened: boolean; onClose: () => void; can: AdminCan };

// Create a token: a name, an expiry, and scopes from the creator's own permissions only (the server
// refuses any other). Once created, the same dialog shows the secret, once.
export function ApiTokenCreateModal({ opened, onClose, can }: Props) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={created ? t('admin.tokens.createdTitle', { name: created.name }) : t('admin.tokens.createTitle')}
      // The secret is lost once the dialog closes: no closing by a stray click outside it.
      closeOnClickOutside={!created}
      closeButtonProps={{ 'aria-label': t('admin.tokens.close') }}
    >
      {created ? (
        <Stack gap="lg">
          <ApiTokenSecret token={created.token} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('admin.tokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        opened && <CreateForm can={can} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateForm({
  can,
  onCreated,
  onCancel,
}: {
  can: AdminCan;
  onCreated: (token: ApiTokenCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = usePermissionsCatalogue();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('90');
  const [scopes, setScopes] = useState<string[]>([]);
  const offered = (catalogue.data ?? []).filter(
    (p) => can(p.codename as PermissionCodename) && !API_TOKEN_UNGRANTABLE.some((u) => u === p.codename),
  );
  const submit = () =>
    create.mutate(
      { name: name.trim(), scopes: scopes as PermissionCodename[], expires_in_days: Number(days) },
      { onSuccess: onCreated },
    );
  return (
    <Stack gap="md">
      <TextInput
        label={t('admin.tokens.name')}
        description={t('admin.tokens.nameHint')}
        required
        data-autofocus
        maxLength={API_TOKEN_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label={t('admin.tokens.expiry')}
        description={t('admin.tokens.expiryHint')}
        required
        allowDeselect={false}
        value={days}
        onChange={(value) => setDays(value ?? '90')}
        data={API_TOKEN_EXPIRY_CHOICES.map((d) => ({
          value: String(d),
          label: t('admin.tokens.days', { count: d }),
        }))}
      />
      <PermissionChecklist
        label={t('admin.tokens.scopes')}
        hint={t('admin.tokens.scopesHint')}
        options={offered}
        value={scopes}
        onChange={setScopes}
        maxHeight="40vh"
      />
      {create.error && (
        <Alert color="red" variant="light">
          {errorText(create.error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
          {t('admin.tokens.create')}
        </Button>
      </Group>
    </Stack>
  );
}
