import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader, PageProblem } from '../../../components/page-states';
import { useBatchUpdate } from '../api/batch-updates';
import { readNewUpdateSearch } from '../lib/new-update-path';
import { NewUpdate } from './new-update';
import { UpdateView } from './update-view';

// batch-update/{updateId} (spec 2 §2.3); batch-update/new?target=workflows&query=<the list's query>
// starts one from the dashboard's filters.
export function UpdatePage() {
  const { updateId = '' } = useParams();
  const [search] = useSearchParams();
  if (updateId === 'new') return <NewUpdateRoute search={search} />;
  const id = /^\d{1,15}$/.test(updateId) ? Number(updateId) : 0;
  return <ExistingUpdate key={id} id={id} />;
}

function NewUpdateRoute({ search }: { search: URLSearchParams }) {
  const { t } = useTranslation();
  const selection = readNewUpdateSearch(search);
  if (!selection)
    return (
      <PageProblem
        icon={<IconArrowsExchange size={24} aria-hidden />}
        title={t('batchUpdates.new.noSelection')}
        hint={t('batchUpdates.new.noSelectionHint')}
      />
    );
  return <NewUpdate selection={selection} />;
}

function ExistingUpdate({ id }: { id: number }) {
  const { t } = useTranslation();
  const update = useBatchUpdate(id);
  if (id === 0 || update.isError)
    return (
      <PageProblem
        icon={<IconArrowsExchange size={24} aria-hidden />}
        title={t('batchUpdates.update.notFound')}
        hint={t('batchUpdates.update.notFoundHint')}
      />
    );
  if (update.isPending) return <PageLoader label={t('batchUpdates.loading')} />;
  return <UpdateView update={update.data} />;
}
