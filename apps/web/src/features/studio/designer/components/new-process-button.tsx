import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/notifications/toast';
import { useStudioApp } from '../../api/apps';
import { reloadStudioBranch, useSaveWorkingCopy } from '../../api/working-copy';
import { branchNamed, studioPaths } from '../../apps/studio-paths';
import { newProcess } from '../model/new-process';

// "New process": an empty process (one status, one group, one step) added to the branch's working
// copy, then opened in the designer.
export function NewProcessButton({ appId, branchName }: { appId: number; branchName: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const app = useStudioApp(appId);
  const save = useSaveWorkingCopy();
  const navigate = useNavigate();
  const branch = app.data ? branchNamed(app.data.branches, branchName) : undefined;
  const create = async () => {
    if (!branch || !name.trim()) return;
    try {
      // The branch as it is now, so the new process joins whatever others saved.
      const current = await reloadStudioBranch(appId, branch.id);
      const taken = current.package.processes.map((p) =>
        String((p.kind as { tag?: unknown } | undefined)?.tag ?? ''),
      );
      const definition = newProcess(
        {
          process: name.trim(),
          status: t('studioDesigner.newStatusName'),
          group: t('studioDesigner.newGroupName'),
          step: t('studioDesigner.newStepName'),
        },
        taken,
      );
      await save.mutateAsync({
        appId,
        branchId: branch.id,
        revision: current.revision,
        package: {
          ...current.package,
          processes: [...current.package.processes, definition as unknown as Record<string, unknown>],
        },
      });
      close();
      navigate(studioPaths.designer(appId, branchName, definition.kind.tag));
    } catch {
      toast.error('studioDesigner.createFailed', { id: 'studio-new-process' });
    }
  };
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={open}
        disabled={!branch}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('studioDesigner.newProcess')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('studioDesigner.newProcess')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <Stack>
            <TextInput
              label={t('studioDesigner.processName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              data-autofocus
            />
            <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
              {t('studioDesigner.create')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
