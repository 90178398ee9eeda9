import { SIGN_IN_CODE_LENGTH } from '@attest/shared';
import {
  Button,
  Center,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  PinInput,
  Stack,
  Stepper,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmTotp, useSetupTotp } from '../api/totp';
import { actionErrorMessage } from '../lib/action-error';
import { ErrorNote } from './error-note';
import { RecoveryCodes } from './recovery-codes';

export type TotpEnrolmentModalProps = { opened: boolean; onClose: () => void; onEnrolled: () => void };

// Scan (or type) the secret, prove it with one code, then keep the recovery codes.
export function TotpEnrolmentModal({ opened, onClose, onEnrolled }: TotpEnrolmentModalProps) {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const { mutate: start, reset: resetSetup } = setup;
  const { reset: resetConfirm } = confirm;

  useEffect(() => {
    if (!opened) return;
    setCode('');
    resetConfirm();
    start();
    return resetSetup;
  }, [opened, start, resetSetup, resetConfirm]);

  const submit = (value: string) => confirm.mutate(value);
  const codes = confirm.data?.recovery_codes;
  // The app reads the user again only once the codes are put away: under a tenant MFA rule that
  // re-renders every private route, and the codes must not vanish before they are saved.
  const close = () => {
    if (codes) onEnrolled();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('account.totp.enrolTitle')}
      size="md"
      radius="md"
      closeOnClickOutside={!codes}
    >
      <Stepper active={codes ? 1 : 0} size="sm" mb="lg" allowNextStepsSelect={false}>
        <Stepper.Step label={t('account.totp.stepScan')} />
        <Stepper.Step label={t('account.totp.stepSave')} />
      </Stepper>
      {codes ? (
        <Stack gap="md">
          <Text fz="sm">{t('account.totp.enrolled')}</Text>
          <RecoveryCodes codes={codes} />
          <Button onClick={close}>{t('account.totp.done')}</Button>
        </Stack>
      ) : setup.data ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit(code);
          }}
        >
          <Stack gap="md">
            <Text fz="sm">{t('account.totp.scan')}</Text>
            <Center>
              <Image
                src={setup.data.qr_code}
                alt={t('account.totp.qrAlt')}
                w={184}
                h={184}
                radius="md"
                style={{ border: '1px solid var(--mantine-color-gray-3)' }}
              />
            </Center>
            <TextInput
              label={t('account.totp.manualEntry')}
              readOnly
              value={setup.data.secret}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
              dir="ltr"
              data-testid="totp-secret"
              rightSection={
                <CopyButton value={setup.data.secret}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('account.copied') : t('account.copy')}>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={copy}
                        aria-label={t('account.copy')}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </Button>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            <Text fz="sm" fw={500}>
              {t('account.totp.enterCode')}
            </Text>
            <Center>
              <PinInput
                placeholder=""
                length={SIGN_IN_CODE_LENGTH}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                aria-label={t('auth.mfa.code')}
                data-testid="totp-confirm-code"
              />
            </Center>
            <ErrorNote message={actionErrorMessage(confirm.error, t)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={confirm.isPending}
                disabled={code.length !== SIGN_IN_CODE_LENGTH}
              >
                {t('account.totp.activate')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : setup.isError ? (
        <ErrorNote message={actionErrorMessage(setup.error, t)} />
      ) : (
        <Center h={240}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
