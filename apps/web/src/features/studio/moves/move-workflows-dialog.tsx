import type { StudioVersion } from '@attest/shared';
import { Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { versionLabel } from '../apps/studio-badges';
import { MovePreview } from './move-preview';
import { MoveProgress } from './move-progress';

export type MoveWorkflowsDialogProps = {
  appId: number;
  version: StudioVersion;
  // Kind tags of the processes the version published to Production.
  processes: string[];
  onClose: () => void;
};

// One process at a time: its preview, then (once started) the move's progress and results.
export function MoveWorkflowsDialog({ appId, version, processes, onClose }: MoveWorkflowsDialogProps) {
  const { t } = useTranslation();
  const [process, setProcess] = useState(processes[0] ?? '');
  const [moveId, setMoveId] = useState<number | null>(null);
  const scope = { appId, versionId: version.id };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('studioMoves.close') }}
      title={t('studioMoves.title', { version: isolate(versionLabel(version)) })}
    >
      <Stack gap="md">
        <Select
          label={t('studioMoves.process')}
          data={processes}
          value={process}
          onChange={(value) => {
            if (!value) return;
            setProcess(value);
            setMoveId(null);
          }}
          allowDeselect={false}
          disabled={moveId !== null}
        />
        {moveId === null ? (
          <MovePreview key={process} scope={scope} process={process} onStarted={setMoveId} />
        ) : (
          <MoveProgress scope={scope} moveId={moveId} onAnother={() => setMoveId(null)} />
        )}
      </Stack>
    </Modal>
  );
}
