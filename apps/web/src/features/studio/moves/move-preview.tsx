import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import { MOVE_PREVIEW_PAGE_SIZE, type MoveScope, useMovePreview, useStartMove } from '../api/moves';
import { studioErrorText } from '../apps/studio-error-text';
import { MoveReasons } from './move-reasons';

export type MovePreviewProps = { scope: MoveScope; process: string; onStarted: (moveId: number) => void };

// The running workflows of the process's older versions, a server page at a time, each movable or
// refused with its reasons. Either some movable ones are picked, or every movable one is moved.
export function MovePreview({ scope, process, onStarted }: MovePreviewProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [everyMovable, setEveryMovable] = useState(false);
  const preview = useMovePreview(scope, process, page);
  const start = useStartMove(scope);

  if (preview.isPending) return <Loader size="sm" aria-label={t('studioMoves.loading')} />;
  if (preview.isError) {
    return (
      <Alert color="red" role="alert">
        {studioErrorText(preview.error, t)}
      </Alert>
    );
  }
  const data = preview.data;
  const movableOnPage = data.results.filter((row) => row.movable).map((row) => row.workflow_id);
  const chosen = everyMovable ? data.movable_count : picked.size;
  const toggle = (id: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = movableOnPage.length > 0 && movableOnPage.every((id) => picked.has(id));
  const run = () =>
    start.mutate(everyMovable ? { process } : { process, workflow_ids: [...picked] }, {
      onSuccess: (move) => onStarted(move.id),
    });

  if (data.count === 0) {
    return (
      <Text c="dimmed" fz="sm" data-testid="studio-move-none">
        {t('studioMoves.none', { version: data.target.version })}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text fz="sm" data-testid="studio-move-counts">
        {t('studioMoves.counts', {
          movable: data.movable_count,
          refused: data.refused_count,
          version: data.target.version,
        })}
      </Text>
      <Checkbox
        label={t('studioMoves.everyMovable', { count: data.movable_count })}
        checked={everyMovable}
        disabled={data.movable_count === 0}
        onChange={(event) => setEveryMovable(event.currentTarget.checked)}
      />
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="studio-move-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('studioMoves.pickPage')}
                  checked={everyMovable || allOnPage}
                  disabled={everyMovable || movableOnPage.length === 0}
                  onChange={(event) => {
                    for (const id of movableOnPage) toggle(id, event.currentTarget.checked);
                  }}
                />
              </Table.Th>
              <Table.Th>{t('studioMoves.workflow')}</Table.Th>
              <Table.Th>{t('studioMoves.fromVersion')}</Table.Th>
              <Table.Th>{t('studioMoves.canMove')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.results.map((row) => (
              <Table.Tr key={row.workflow_id} data-testid={`studio-move-row-${row.workflow_id}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('studioMoves.pick', { name: row.name })}
                    checked={row.movable && (everyMovable || picked.has(row.workflow_id))}
                    disabled={!row.movable || everyMovable}
                    onChange={(event) => toggle(row.workflow_id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">
                    <UserText>{row.name}</UserText>
                  </Text>
                  <Text fz="xs" c="dimmed">
                    #{row.workflow_id}
                  </Text>
                </Table.Td>
                <Table.Td>{row.from_version}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Badge variant="light" color={row.movable ? 'teal' : 'orange'}>
                      {t(row.movable ? 'studioMoves.movable' : 'studioMoves.refused')}
                    </Badge>
                    <MoveReasons reasons={row.reasons} />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TableOverview
        total={data.count}
        page={page + 1}
        onPage={(next) => setPage(next - 1)}
        pageSize={MOVE_PREVIEW_PAGE_SIZE}
        hideSinglePage
      />
      {start.isError && (
        <Alert color="red" role="alert">
          {studioErrorText(start.error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={run} disabled={chosen === 0} loading={start.isPending}>
          {t('studioMoves.start', { count: chosen })}
        </Button>
      </Group>
    </Stack>
  );
}
