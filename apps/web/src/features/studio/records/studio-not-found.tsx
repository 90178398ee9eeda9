import { HttpError } from '@attest/shared';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../errors';

// An id in the URL: a positive whole number, else null (the page is then not found).
export function useIdParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  return Number(value);
}

// The app's not-found page for a path that names nothing (a bad stage, an unknown or foreign id);
// another failure says it could not load instead.
export function StudioNotFound({ error }: { error?: Error | null }) {
  const { t } = useTranslation();
  if (error && !(error instanceof HttpError && error.status === 404))
    return (
      <Alert color="red" role="alert" title={t('studioPages.loadFailed')}>
        {error.message}
      </Alert>
    );
  return <NotFoundPage />;
}
