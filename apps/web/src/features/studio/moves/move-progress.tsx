import type { WorkflowMoveResult } from '@attest/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { UserText } from '../../../components/user-text';
import {
  isMoveDone,
  MOVE_RESULTS_PAGE_SIZE,
  type MoveScope,
  useMoveBack,
  useWorkflowMove,
} from '../api/moves';
import { studioErrorText } from '../apps/studio-error-text';
import { MoveReasons } from './move-reasons';

export type MoveProgressProps = { scope: MoveScope; moveId: number; onAnother: () => void };

const OUTCOME_COLORS = { moved: 'teal', refused: 'orange', moved_back: 'gray' } as const;

// A started move: its progress (polled until it finished or failed) and its per-workflow results.
export function MoveProgress({ scope, moveId, onAnother }: MoveProgressProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const move = useWorkflowMove(scope, moveId, page);

  if (move.isPending) return <Loader size="sm" aria-label={t('studioMoves.loading')} />;
  if (move.isError) {
    return (
      <Alert color="red" role="alert">
        {studioErrorText(move.error, t)}
      </Alert>
    );
  }
  const data = move.data;
  const percent =
    data.total === 0 ? (isMoveDone(data) ? 100 : 0) : Math.round((data.done / data.total) * 100);
  return (
    <Stack gap="sm" data-testid="studio-move-progress">
      <Group justify="space-between">
        <Text fz="sm" fw={600} role="status">
          {t(`studioMoves.states.${data.state}`)}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('studioMoves.progress', {
            done: data.done,
            total: data.total,
            moved: data.moved,
            refused: data.refused,
          })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={data.state === 'failed' ? 'red' : 'teal'}
        animated={!isMoveDone(data)}
        aria-label={t('studioMoves.progressLabel')}
      />
      {data.state === 'failed' && (
        <Alert color="red" role="alert">
          {t('studioMoves.failed')}
        </Alert>
      )}
      {data.results.count > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="studio-move-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('studioMoves.workflow')}</Table.Th>
                <Table.Th>{t('studioMoves.fromVersion')}</Table.Th>
                <Table.Th>{t('studioMoves.outcome')}</Table.Th>
                <Table.Th>{t('studioMoves.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.results.map((result) => (
                <ResultRow
                  key={result.workflow_id}
                  scope={scope}
                  moveId={moveId}
                  result={result}
                  canMoveBack={data.state === 'finished'}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TableOverview
        total={data.results.count}
        page={page + 1}
        onPage={(next) => setPage(next - 1)}
        pageSize={MOVE_RESULTS_PAGE_SIZE}
        hideSinglePage
      />
      {isMoveDone(data) && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            {t('studioMoves.another')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type ResultRowProps = { scope: MoveScope; moveId: number; result: WorkflowMoveResult; canMoveBack: boolean };

// A moved workflow may go back while nothing was submitted on it since; the server's refusal is shown.
function ResultRow({ scope, moveId, result, canMoveBack }: ResultRowProps) {
  const { t } = useTranslation();
  const back = useMoveBack(scope, moveId);
  return (
    <Table.Tr data-testid={`studio-move-result-${result.workflow_id}`}>
      <Table.Td>
        <Anchor component={Link} to={`/process/${result.workflow_id}`} fz="sm">
          <UserText>{result.name}</UserText>
        </Anchor>
      </Table.Td>
      <Table.Td>{result.from_version}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge variant="light" color={OUTCOME_COLORS[result.outcome]}>
            {t(`studioMoves.outcomes.${result.outcome}`)}
          </Badge>
          <MoveReasons reasons={result.reasons} />
        </Stack>
      </Table.Td>
      <Table.Td>
        {result.outcome === 'moved' && canMoveBack && (
          <Stack gap={4} align="flex-start">
            <Button
              size="xs"
              variant="subtle"
              loading={back.isPending}
              onClick={() => back.mutate(result.workflow_id)}
            >
              {t('studioMoves.moveBack')}
              {/* The row's workflow, for a screen reader going through the buttons alone. */}
              <VisuallyHidden>{` ${result.name}`}</VisuallyHidden>
            </Button>
            {back.isError && (
              <Text fz="xs" c="red" role="alert">
                {studioErrorText(back.error, t)}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
