import { HttpError } from '@attest/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteThirdPartyUser } from '../api/invitations';
import { errorText } from '../lib/error-text';

const EMPTY = { email: '', first_name: '', last_name: '' };

// A supplier (third-party) user: they receive a link and choose their own password.
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteThirdPartyUser();
  const [form, setForm] = useState(EMPTY);
  const close = () => {
    setForm(EMPTY);
    invite.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({
      email: form.email.trim(),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
    });
  };
  const fields = invite.error instanceof HttpError ? invite.error.fieldErrors : undefined;
  const field = (name: keyof typeof EMPTY) => fields?.[name]?.join(' ');
  const bind = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
    error: field(name),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('admin.invite.title')} radius="md" size="lg">
      {invite.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
            {t('admin.invite.sent', { email: form.email.trim() })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('account.totp.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {t('admin.invite.description')}
            </Text>
            <TextInput
              label={t('auth.email')}
              type="email"
              required
              maxLength={254}
              data-autofocus
              {...bind('email')}
            />
            <SimpleGrid cols={2}>
              <TextInput
                label={t('admin.invite.firstName')}
                required
                maxLength={150}
                {...bind('first_name')}
              />
              <TextInput label={t('admin.invite.lastName')} required maxLength={150} {...bind('last_name')} />
            </SimpleGrid>
            {invite.error && !fields && (
              <Alert color="red" variant="light">
                {errorText(invite.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('admin.invite.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
