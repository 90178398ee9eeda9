import { PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Draft } from './scheduled-export-draft';

type Props = {
  draft: Draft;
  set: (changes: Partial<Draft>) => void;
  // Editing a schedule whose credentials the server keeps: empty secret fields keep them.
  keptSecret: boolean;
};

// Technical values (hosts, keys, addresses) are typed left to right in every language (dir="ltr" on
// the inputs; the labels follow the page).
// The fields of the chosen destination. Credentials are write-only: never shown again once saved.
export function DestinationFields({ draft, set, keptSecret }: Props) {
  const { t } = useTranslation();
  const secretHint = keptSecret ? t('scheduler.form.secretKept') : undefined;
  if (draft.kind === 'email') {
    return (
      <Textarea
        label={t('scheduler.form.emails')}
        dir="ltr"
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
            dir="ltr"
            required
            value={draft.host}
            onChange={(e) => set({ host: e.currentTarget.value })}
          />
          <TextInput
            label={t('scheduler.form.port')}
            dir="ltr"
            inputMode="numeric"
            value={draft.port}
            onChange={(e) => set({ port: e.currentTarget.value })}
          />
          <TextInput
            label={t('scheduler.form.username')}
            dir="ltr"
            required
            value={draft.username}
            onChange={(e) => set({ username: e.currentTarget.value })}
          />
        </SimpleGrid>
        <TextInput
          label={t('scheduler.form.directory')}
          dir="ltr"
          value={draft.directory}
          onChange={(e) => set({ directory: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.fingerprint')}
          dir="ltr"
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
            dir="ltr"
            description={secretHint}
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
          />
        ) : (
          <>
            <Textarea
              label={t('scheduler.form.privateKey')}
              dir="ltr"
              description={secretHint}
              autosize
              minRows={3}
              maxRows={8}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              value={draft.privateKey}
              onChange={(e) => set({ privateKey: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('scheduler.form.passphrase')}
              dir="ltr"
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
        dir="ltr"
        description={t('scheduler.form.endpointHint')}
        placeholder="https://storage.example.com"
        value={draft.endpoint}
        onChange={(e) => set({ endpoint: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('scheduler.form.bucket')}
          dir="ltr"
          required
          value={draft.bucket}
          onChange={(e) => set({ bucket: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.prefix')}
          dir="ltr"
          value={draft.prefix}
          onChange={(e) => set({ prefix: e.currentTarget.value })}
        />
        <TextInput
          label={t('scheduler.form.region')}
          dir="ltr"
          value={draft.region}
          onChange={(e) => set({ region: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('scheduler.form.accessKeyId')}
          dir="ltr"
          description={secretHint}
          autoComplete="off"
          value={draft.accessKeyId}
          onChange={(e) => set({ accessKeyId: e.currentTarget.value })}
        />
        <PasswordInput
          label={t('scheduler.form.secretAccessKey')}
          dir="ltr"
          description={secretHint}
          autoComplete="new-password"
          value={draft.secretAccessKey}
          onChange={(e) => set({ secretAccessKey: e.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
