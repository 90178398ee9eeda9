import { Alert, Anchor, Badge, Button, Grid, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import { UserText } from '../../../components/user-text';
import { studioPaths } from '../apps/studio-paths';
import { ObjectFieldList } from './object-field-list';
import { ObjectFieldPanel } from './object-field-panel';
import { RelationsPanel, UniqueKeysPanel } from './object-keys-relations';
import {
  addField,
  moveField,
  type ObjectDraft,
  objectTagOf,
  removeField,
  setField,
  setFieldLabel,
  setFieldTag,
  setFieldType,
} from './object-model';
import { ObjectSettings } from './object-settings';
import {
  type ObjectSaveState,
  type ObjectSourceBase,
  useObjectDesigner,
  useObjectSource,
} from './use-object-designer';

const SAVE_COLORS: Record<ObjectSaveState, string> = {
  saved: 'green',
  unsaved: 'gray',
  saving: 'blue',
  failed: 'red',
};

// /studio/apps/:id/:branch/objects/:object (spec 2 §2.4's objects designer, plan §2): one object type
// of a branch's working copy. Versions, reviews and deployments carry it with the processes.
export function ObjectDesignerPage() {
  const { t } = useTranslation();
  const found = useObjectSource();
  if (found.status === 'loading') return <Loader aria-label={t('studio.loading')} />;
  if (found.status === 'error')
    return (
      <Alert color="red" role="alert">
        {t('studio.objects.loadFailed')}
      </Alert>
    );
  const back = (
    <Anchor
      component={Link}
      to={
        found.status === 'missing'
          ? studioPaths.branch(found.appId, found.branchName)
          : studioPaths.objects(found.appId, found.branchName)
      }
      size="sm"
    >
      {t('studioDesigner.backToApp')}
    </Anchor>
  );
  if (found.status === 'missing')
    return (
      <Stack gap="sm">
        <Alert color="orange" role="alert">
          {t('studio.objects.missing')}
        </Alert>
        {back}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {back}
      <ObjectDesigner
        key={`${found.appId}/${found.branchName}/${found.objectTag}`}
        base={found.base}
        objectTag={found.objectTag}
        initial={found.draft}
        readOnly={!found.editable}
      />
    </Stack>
  );
}

type DesignerProps = { base: ObjectSourceBase; objectTag: string; initial: ObjectDraft; readOnly: boolean };

export function ObjectDesigner({ base, objectTag, initial, readOnly }: DesignerProps) {
  const { t } = useTranslation();
  const { draft, change, issues, saveState, saveNow, savedTags } = useObjectDesigner(
    base,
    objectTag,
    initial,
  );
  const [selected, setSelected] = useState<number | null>(null);
  const field = selected === null ? undefined : draft.fields[selected];
  const objectTags = (base.package.objects ?? []).map(objectTagOf).filter(Boolean);
  const kindTags = base.package.processes
    .map((p) => (p.kind as { tag?: unknown } | undefined)?.tag)
    .filter((tag): tag is string => typeof tag === 'string' && tag !== '');
  const edit = readOnly ? () => undefined : change;
  const unsaved = !readOnly && (saveState === 'unsaved' || saveState === 'failed');
  // Saving is a choice here (not an autosave), so leaving with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            <UserText>{draft.name || t('studioDesigner.unnamed')}</UserText>
          </Title>
          {readOnly ? (
            <Badge color="gray">{t('studioDesigner.readOnly')}</Badge>
          ) : (
            <Badge color={SAVE_COLORS[saveState]} variant="light" role="status">
              {t(`studio.objects.save.${saveState}`)}
            </Badge>
          )}
          <Badge color={issues.count > 0 ? 'red' : 'green'} variant="light" data-testid="object-issue-count">
            {issues.count > 0
              ? t('studioDesigner.issueCount', { count: issues.count })
              : t('studioDesigner.valid')}
          </Badge>
        </Group>
        {!readOnly && (
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={saveState === 'saving'}
            disabled={saveState === 'saved'}
            onClick={() => void saveNow()}
          >
            {t('studio.objects.save.action')}
          </Button>
        )}
      </Group>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('studio.objects.leaveTitle')}
        radius="md"
      >
        <Stack>
          <Text fz="sm">{t('studio.objects.leaveText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('studio.objects.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('studio.objects.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Text size="sm" c="dimmed">
        {t('studio.objects.designerHelp')}
      </Text>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ObjectSettings draft={draft} issues={issues.object} readOnly={readOnly} onChange={edit} />
            <UniqueKeysPanel draft={draft} issues={issues.object} readOnly={readOnly} onChange={edit} />
            <RelationsPanel
              draft={draft}
              issues={issues.object}
              readOnly={readOnly}
              onChange={edit}
              objectTags={objectTags}
              kindTags={kindTags}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <ObjectFieldList
              fields={draft.fields}
              titleField={draft.title_field}
              selected={selected}
              issues={issues.fields}
              readOnly={readOnly}
              onSelect={setSelected}
              onAdd={(type, label) => {
                edit((d) => addField(d, type, label));
                setSelected(draft.fields.length);
              }}
              onMove={(from, to) => {
                edit((d) => moveField(d, from, to));
                if (selected === from) setSelected(to);
              }}
              onRemove={(index) => {
                edit((d) => removeField(d, index));
                setSelected(null);
              }}
            />
            {field && selected !== null && (
              <ObjectFieldPanel
                key={selected}
                field={field}
                issues={issues.fields.get(selected)}
                readOnly={readOnly}
                objectTags={objectTags}
                onPatch={(patch) => edit((d) => setField(d, selected, patch))}
                onLabel={(label) => edit((d) => setFieldLabel(d, selected, label, savedTags.has(field.tag)))}
                onTag={(tag) => edit((d) => setFieldTag(d, selected, tag))}
                onType={(type) => edit((d) => setFieldType(d, selected, type))}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
