import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../../components/admin-page-header';
import { useStoredHomeConfig } from '../../api/home-config';
import { ShortcutsEditor } from './shortcuts-editor';

// Settings > Shortcuts (issue 19, spec 2 §3.9, §4.3, §5): the home page's configuration.
export function ShortcutsSettingsPage({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const stored = useStoredHomeConfig();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('admin.shortcuts.title')} description={t('admin.shortcuts.description')} />
      {stored.data ? (
        <ShortcutsEditor stored={stored.data.config} disabled={disabled} />
      ) : stored.error ? (
        <Alert color="red" variant="light">
          {stored.error.message || t('admin.failed')}
        </Alert>
      ) : (
        <Loader size="sm" aria-label={t('jsonEditor.loading')} />
      )}
    </Stack>
  );
}
