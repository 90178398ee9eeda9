import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_UNGRANTABLE,
  type ApiTokenCreated,
  type PermissionCodename,
} from '@attest/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiToken } from '../api/api-tokens';
import { usePermissionsCatalogue } from '../api/permissions-catalogue';
import type { AdminCan } from '../lib/admin-can';
import { errorText } from '../lib/error-text';
import { ApiTokenSecret } from './api-token-secret';

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
  const [filter, setFilter] = useState('');
  const offered = (catalogue.data ?? []).filter(
    (p) => can(p.codename as PermissionCodename) && !API_TOKEN_UNGRANTABLE.some((u) => u === p.codename),
  );
  const needle = filter.trim().toLowerCase();
  const visible = offered.filter((p) => !needle || `${p.name} ${p.codename}`.toLowerCase().includes(needle));
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
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fz="sm" fw={500} id="api-token-scopes">
            {t('admin.tokens.scopes')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('admin.groups.selected', { count: scopes.length })}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {t('admin.tokens.scopesHint')}
        </Text>
        <TextInput
          size="xs"
          aria-label={t('admin.groups.filter')}
          placeholder={t('admin.groups.filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <ScrollArea.Autosize mah="40vh" type="auto" offsetScrollbars>
          <Checkbox.Group value={scopes} onChange={setScopes} aria-labelledby="api-token-scopes">
            <SimpleGrid cols={1} spacing={10} py={4}>
              {visible.map((permission) => (
                <Checkbox
                  key={permission.codename}
                  value={permission.codename}
                  label={permission.name}
                  description={permission.codename}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      </Stack>
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
