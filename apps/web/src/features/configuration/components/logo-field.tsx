import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@attest/shared';
import { Alert, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { useUpdateBranding, useUploadLogo } from '../api/branding';
import { failureText } from '../lib/failure-text';

// The logo is replaced as soon as it is uploaded (the server checks the bytes, not the name);
// the type and size are checked here first so a wrong file is named before it is sent.
export function LogoField({ logo, name }: { logo: string | null; name: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useUpdateBranding();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('admin.branding.logo.tooLarge'));
    if (file.type && !(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return setProblem(t('admin.branding.logo.wrongType'));
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('admin.branding.logo.uploaded'),
      onError: (error) => setProblem(failureText(error, t)),
    });
  };

  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500} id="logo-label">
        {t('admin.branding.logo.label')}
      </Text>
      <Group gap="md" align="center">
        <Box
          w={180}
          h={64}
          bg="var(--mantine-color-gray-0)"
          bd="1px dashed var(--mantine-color-gray-4)"
          style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
        >
          {logo ? (
            <Image
              src={logo}
              alt={t('admin.branding.logo.current', { name })}
              h={40}
              w="auto"
              maw={160}
              fit="contain"
            />
          ) : (
            <Group gap={6} c="dimmed">
              <IconPhoto size={18} stroke={1.5} aria-hidden />
              <Text fz="xs">{t('admin.branding.logo.none')}</Text>
            </Group>
          )}
        </Box>
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={choose} accept={LOGO_CONTENT_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  aria-describedby="logo-hint"
                >
                  {t('admin.branding.logo.upload')}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => remove.mutate({ logo: null })}
              >
                {t('admin.branding.logo.remove')}
              </Button>
            )}
          </Group>
          <Text fz="xs" c="dimmed" id="logo-hint">
            {t('admin.branding.logo.hint')}
          </Text>
        </Stack>
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="logo-problem">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
