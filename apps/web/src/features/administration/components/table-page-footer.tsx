import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../api/page-request';

type Props = { count: number | undefined; page: number; onPage: (page: number) => void };

// Under a server-paged table: the total once known, and the pages.
export function TablePageFooter({ count, page, onPage }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text fz="xs" c="dimmed">
        {count === undefined ? null : t('admin.count', { count })}
      </Text>
      <Pagination value={page} onChange={onPage} total={pageCount(count ?? 0)} size="sm" />
    </Group>
  );
}
