import { HttpError, type MergeBranchResponse, type StudioBranchSummary } from '@attest/shared';
import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useStudioBranch } from '../api/branches';
import { useMergeStudioBranch } from '../api/merge';
import { MergeConflictCard, type MergeSideChoice } from './merge-conflict-card';
import { studioErrorText } from './studio-error-text';

type Conflict = MergeBranchResponse['conflicts'][number];

export type MergeDialogProps = {
  appId: number;
  branch: StudioBranchSummary;
  main: StudioBranchSummary;
  onClose: () => void;
};

// Merge a branch into main: the server is asked first without choices. No conflicts: main is
// merged at once. Conflicts: each is shown with main's value (ours) beside the branch's (theirs);
// once every one is chosen the merge is sent again with the choices. Choosing may reveal further
// conflicts (an item kept whose content conflicts too); they are added to the list. A 409 means
// main was saved since it was loaded: the designer reloads and merges again.
export function MergeDialog({ appId, branch, main, onClose }: MergeDialogProps) {
  const { t } = useTranslation();
  // main's current revision, fetched afresh when the dialog opens.
  const mainCopy = useStudioBranch(appId, main.id);
  const merge = useMergeStudioBranch(appId);
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, MergeSideChoice>>({});
  const stale = merge.error instanceof HttpError && merge.error.status === 409;
  const revision = mainCopy.data?.revision;

  const send = (withChoices: boolean) => {
    if (revision === undefined) return;
    merge.mutate(
      { branchId: branch.id, revision, choices: withChoices ? choices : undefined },
      {
        onSuccess: (answer) => {
          if (answer.merged) {
            toast.success('studio.merge.done', { values: { branch: isolate(branch.name) } });
            onClose();
            return;
          }
          // Keep what was already chosen; add the conflicts the server newly names.
          setConflicts((known) => {
            const seen = new Set((known ?? []).map((c) => c.id));
            return [...(known ?? []), ...answer.conflicts.filter((c) => !seen.has(c.id))];
          });
        },
      },
    );
  };

  const reload = async () => {
    merge.reset();
    setConflicts(null);
    setChoices({});
    await mainCopy.refetch();
  };

  const open = conflicts ?? [];
  const allChosen = open.length > 0 && open.every((c) => choices[c.id]);
  const chosenCount = open.filter((c) => choices[c.id]).length;

  return (
    <Modal
      opened
      onClose={onClose}
      size={conflicts ? 'xl' : 'md'}
      radius="md"
      title={t('studio.merge.title', { branch: branch.name })}
    >
      <Stack gap="md">
        {mainCopy.isPending ? (
          <Loader size="sm" aria-label={t('studio.loading')} />
        ) : conflicts === null ? (
          <Text fz="sm">{t('studio.merge.intro', { branch: branch.name })}</Text>
        ) : (
          <>
            <Text fz="sm">{t('studio.merge.conflictsIntro', { count: open.length })}</Text>
            <ScrollArea.Autosize mah="55vh" offsetScrollbars>
              <Stack gap="sm">
                {open.map((conflict) => (
                  <MergeConflictCard
                    key={conflict.id}
                    conflict={conflict}
                    choice={choices[conflict.id]}
                    onChoose={(side) => setChoices((current) => ({ ...current, [conflict.id]: side }))}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
            <Text fz="xs" c="dimmed" aria-live="polite">
              {t('studio.merge.chosen', { chosen: chosenCount, count: open.length })}
            </Text>
          </>
        )}
        {stale ? (
          <Alert color="orange" role="alert" title={t('studio.merge.staleTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('studio.merge.staleText')}</Text>
              <Button size="xs" variant="light" onClick={reload} loading={mainCopy.isFetching}>
                {t('studio.merge.reload')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          merge.error && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {studioErrorText(merge.error, t)}
            </Alert>
          )
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {conflicts === null ? (
            <Button
              onClick={() => send(false)}
              loading={merge.isPending}
              disabled={revision === undefined || stale}
            >
              {t('studio.merge.start')}
            </Button>
          ) : (
            <Button onClick={() => send(true)} loading={merge.isPending} disabled={!allChosen || stale}>
              {t('studio.merge.withChoices')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
