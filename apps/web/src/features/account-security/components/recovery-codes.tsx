import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type RecoveryCodesProps = { codes: readonly string[]; fileName?: string };

// Shown once: the server keeps only hashes, so this is the only chance to keep them.
export function RecoveryCodes({ codes, fileName = 'recovery-codes.txt' }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('account.recovery.saveNow')}
      </Alert>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} data-testid="recovery-codes">
          {codes.map((code) => (
            <Text key={code} ff="monospace" fz="sm" ta="center" dir="ltr">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('account.copied') : t('account.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          {t('account.recovery.download')}
        </Button>
      </Group>
    </>
  );
}
