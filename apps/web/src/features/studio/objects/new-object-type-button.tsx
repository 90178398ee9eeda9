import { isValidTagSegment, type StudioBranchSummary } from '@attest/shared';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/notifications/toast';
import { reloadStudioBranch, useSaveWorkingCopy } from '../api/working-copy';
import { studioPaths } from '../apps/studio-paths';
import { newObjectType, objectTagOf, suggestTag, withObject } from './object-model';

// "New object type": a name, and a tag suggested from it (fixed once created: records, imports and
// data_object fields know the type by it). The type is added to the branch's working copy with one
// title field, then opened in its designer.
export function NewObjectTypeButton({ appId, branch }: { appId: number; branch: StudioBranchSummary }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  // Undefined while the tag follows the name.
  const [typedTag, setTypedTag] = useState<string | undefined>(undefined);
  const [taken, setTaken] = useState<string | null>(null);
  const save = useSaveWorkingCopy();
  const navigate = useNavigate();
  const tag = typedTag ?? suggestTag(name, '');
  const tagError =
    tag && !isValidTagSegment(tag)
      ? t('studio.objects.tagInvalid')
      : taken === tag
        ? t('studio.objects.tagTaken', { tag })
        : undefined;

  const create = async () => {
    if (!name.trim() || !isValidTagSegment(tag)) return;
    try {
      // The branch as it is now, so the new type joins whatever others saved.
      const current = await reloadStudioBranch(appId, branch.id);
      if ((current.package.objects ?? []).some((o) => objectTagOf(o) === tag)) {
        setTaken(tag);
        return;
      }
      const draft = newObjectType(name.trim(), tag, t('studio.objects.defaultTitleField'));
      await save.mutateAsync({
        appId,
        branchId: branch.id,
        revision: current.revision,
        package: withObject(current.package, tag, draft),
      });
      close();
      navigate(studioPaths.objectDesigner(appId, branch.name, tag));
    } catch {
      toast.error('studio.objects.createFailed', { id: 'studio-new-object' });
    }
  };

  return (
    <>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('studio.objects.new')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('studio.objects.new')} radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <Stack>
            <Alert color="blue" variant="light">
              {t('studio.objects.newHelp')}
            </Alert>
            <TextInput
              label={t('studio.objects.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              data-autofocus
            />
            <TextInput
              dir="ltr"
              label={t('studio.objects.tag')}
              description={t('studio.objects.tagHelp')}
              value={tag}
              onChange={(e) => setTypedTag(e.currentTarget.value)}
              required
              error={tagError}
            />
            <Button type="submit" loading={save.isPending} disabled={!name.trim() || !isValidTagSegment(tag)}>
              {t('studioDesigner.create')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
