import { Alert, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { failureText } from '../lib/failure-text';

export type SettingsPageProps<T> = {
  title: string;
  description: string;
  query: UseQueryResult<T>;
  // The form, given the stored settings once they have loaded.
  children: (data: T) => ReactNode;
};

// A settings page: its heading, then its form once the stored settings are loaded, or why not.
export function SettingsPage<T>({ title, description, query, children }: SettingsPageProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={title} description={description} />
      {query.data !== undefined ? (
        children(query.data)
      ) : query.error ? (
        <Alert color="red" variant="light">
          {failureText(query.error, t)}
        </Alert>
      ) : (
        <Loader size="sm" aria-label={t('admin.loadingPage')} />
      )}
    </Stack>
  );
}
