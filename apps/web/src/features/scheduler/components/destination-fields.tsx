import { PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Draft } from './scheduled-export-draft';

type Props = {
  draft: Draft;
  set: (changes: Partial<Draft>) => void;
  // Editing a schedule whose credentials the server keeps: empty secret fields keep them.
  keptSecret: boolean;
};

// The fields of the chosen destination. Credentials are write-only: never shown again once saved.
export function DestinationFields({ draft, set, keptSecret }: Props) {
  const { t } = useTranslation();
  const secretHint = keptSecret ? t('scheduler.form.secretKept') : undefined;
  if (draft.kind === 'email') {
    return (
      <Textarea
        label={t('scheduler.form.emails')}
        description={t('scheduler.form.emailsHint')}
        required
        autosize
        minRows={2}
        value={draft.emails}
        onChange={(e) => set({ emails: e.currentTarget.value })}
      />
    );
  }
  if (draft.kind === 'sftp') {
    return (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('scheduler.form.host')}
            required
            value={draft.host}
            onChange={(e) => set({ host: e.currentTarget.value })}
          />
          <TextInput
            label={t('scheduler.form.port')}
            inputMode="numeric"
            value={draft.port}
            onChange={(e) => set({ port: e.currentTarget.value })}
          />
          <TextInput
            label={t('scheduler.form.username')}
            required
            value={draft.username}
            onChange={(e) => set({ username: e.currentTarget.value })}
          />
        </SimpleGrid>
        <TextInput
          label={t('scheduler.form.directory')}
          value={draft.directory}
          onChange={(e) => set({ directory: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.fingerprint')}
          description={t('scheduler.form.fingerprintHint')}
          placeholder="SHA256:…"
          value={draft.fingerprint}
          onChange={(e) => set({ fingerprint: e.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="sftp-auth-label">
            {t('scheduler.form.auth')}
          </Text>
          <SegmentedControl
            aria-labelledby="sftp-auth-label"
            value={draft.auth}
            onChange={(auth) => set({ auth: auth as Draft['auth'] })}
            data={[
              { value: 'key', label: t('scheduler.form.privateKey') },
              { value: 'password', label: t('scheduler.form.password') },
            ]}
          />
        </Stack>
        {draft.auth === 'password' ? (
          <PasswordInput
            label={t('scheduler.form.password')}
            description={secretHint}
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
          />
        ) : (
          <>
            <Textarea
              label={t('scheduler.form.privateKey')}
              description={secretHint}
              autosize
              minRows={3}
              maxRows={8}
              ff="monospace"
              placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              value={draft.privateKey}
              onChange={(e) => set({ privateKey: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('scheduler.form.passphrase')}
              autoComplete="new-password"
              value={draft.passphrase}
              onChange={(e) => set({ passphrase: e.currentTarget.value })}
            />
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        label={t('scheduler.form.endpoint')}
        description={t('scheduler.form.endpointHint')}
        placeholder="https://storage.example.com"
        value={draft.endpoint}
        onChange={(e) => set({ endpoint: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('scheduler.form.bucket')}
          required
          value={draft.bucket}
          onChange={(e) => set({ bucket: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.prefix')}
          value={draft.prefix}
          onChange={(e) => set({ prefix: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.region')}
          value={draft.region}
          onChange={(e) => set({ region: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('scheduler.form.accessKeyId')}
          description={secretHint}
          autoComplete="off"
          value={draft.accessKeyId}
          onChange={(e) => set({ accessKeyId: e.currentTarget.value })}
        />
        <PasswordInput
          label={t('scheduler.form.secretAccessKey')}
          description={secretHint}
          autoComplete="new-password"
          value={draft.secretAccessKey}
          onChange={(e) => set({ secretAccessKey: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
