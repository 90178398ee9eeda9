import { Badge, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceMobileMessage, IconKey, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTotp, useRegenerateRecoveryCodes } from '../api/totp';
import { actionErrorMessage } from '../lib/action-error';
import { ErrorNote } from './error-note';
import { RecoveryCodes } from './recovery-codes';
import { SectionCard } from './section-card';
import { TotpEnrolmentModal } from './totp-enrolment-modal';

export type AuthenticatorCardProps = { enrolled: boolean; onChanged: () => void };

export function AuthenticatorCard({ enrolled, onChanged }: AuthenticatorCardProps) {
  const { t } = useTranslation();
  const [enrolling, enrolment] = useDisclosure(false);
  const [disabling, disableDialog] = useDisclosure(false);
  const regenerate = useRegenerateRecoveryCodes();

  return (
    <SectionCard
      icon={<IconDeviceMobileMessage size={22} stroke={1.5} />}
      title={t('account.totp.title')}
      description={t('account.totp.description')}
      aside={
        enrolled ? (
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />}>
            {t('account.totp.on')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('account.totp.off')}
          </Badge>
        )
      }
    >
      {enrolled ? (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconKey size={16} />}
            onClick={() => regenerate.mutate()}
            loading={regenerate.isPending}
          >
            {t('account.recovery.regenerate')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconShieldOff size={16} />}
            onClick={disableDialog.open}
          >
            {t('account.totp.disable')}
          </Button>
        </Group>
      ) : (
        <Group>
          <Button leftSection={<IconShieldCheck size={16} />} onClick={enrolment.open}>
            {t('account.totp.setUp')}
          </Button>
        </Group>
      )}
      <ErrorNote message={actionErrorMessage(regenerate.error, t)} />
      <TotpEnrolmentModal opened={enrolling} onClose={enrolment.close} onEnrolled={onChanged} />
      <Modal
        opened={Boolean(regenerate.data)}
        onClose={regenerate.reset}
        title={t('account.recovery.newTitle')}
        radius="md"
        size="md"
      >
        <Stack gap="md">
          <Text fz="sm">{t('account.recovery.replaced')}</Text>
          {regenerate.data && <RecoveryCodes codes={regenerate.data.recovery_codes} />}
          <Button onClick={regenerate.reset}>{t('account.totp.done')}</Button>
        </Stack>
      </Modal>
      <DisableTotpModal opened={disabling} onClose={disableDialog.close} onDisabled={onChanged} />
    </SectionCard>
  );
}

type DisableTotpModalProps = { opened: boolean; onClose: () => void; onDisabled: () => void };

// Turning off a factor asks for the password again: a borrowed unlocked laptop must not do it.
function DisableTotpModal({ opened, onClose, onDisabled }: DisableTotpModalProps) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    disable.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(password, {
      onSuccess: () => {
        close();
        onDisabled();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('account.totp.disableTitle')} radius="md">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text fz="sm">{t('account.totp.disableDescription')}</Text>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            maxLength={1024}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          <ErrorNote message={actionErrorMessage(disable.error, t)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending} disabled={!password}>
              {t('account.totp.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
