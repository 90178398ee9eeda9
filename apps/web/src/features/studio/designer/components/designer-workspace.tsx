import type { WorkflowDefinition } from '@attest/shared';
import { Button, Grid, Paper, ScrollArea, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../auth';
import { objectTypesQueryOptions } from '../../../records';
import { type DesignerSource, useDesigner } from '../use-designer';
import type { DesignerObjectType } from '../use-process-source';
import { DesignerContext, type Selection } from './designer-context';
import { DesignerToolbar, type DesignerView } from './designer-toolbar';
import { FieldPanel } from './field-panel';
import { GroupPanel } from './group-panel';
import { ProcessPanel } from './process-panel';
import { ProcessPreview } from './process-preview';
import { StepPanel } from './step-panel';
import { Swimlanes, SwimlanesDataContext } from './swimlanes';

type Props = {
  definition: WorkflowDefinition;
  source: DesignerSource | undefined;
  readOnly: boolean;
  extra?: ReactNode;
  // The package's object types (a savepoint's or the branch's), for Record fields.
  objectTypes?: readonly DesignerObjectType[];
};

const NO_TYPES: readonly DesignerObjectType[] = [];

// The package's object types first, then those the tenant has published that the package lacks
// (a Record field may pick either; publishing checks the same). The published list is the records
// API's, asked only of a designer who may view records: the others get the package's types.
function useRecordTypes(own: readonly DesignerObjectType[]): readonly DesignerObjectType[] {
  const { can } = usePermissions();
  const published = useQuery({ ...objectTypesQueryOptions(), enabled: can('can_view_records') });
  return useMemo(() => {
    const tags = new Set(own.map((type) => type.tag));
    const others = (published.data?.results ?? []).filter((type) => !tags.has(type.tag));
    return [...own, ...others.map(({ tag, name }) => ({ tag, name }))];
  }, [own, published.data]);
}

// Selections point at places; after a removal or move the place may be gone: fall back upwards.
function existing(definition: WorkflowDefinition, selection: Selection): Selection {
  if (selection.kind === 'process') return selection;
  const group = definition.step_groups[selection.group];
  if (!group) return { kind: 'process' };
  if (selection.kind === 'group') return selection;
  const step = group.steps[selection.step];
  if (!step) return { kind: 'group', group: selection.group };
  if (selection.kind === 'step' || step.fields[selection.field]) return selection;
  return { kind: 'step', group: selection.group, step: selection.step };
}

// The designer: toolbar, swimlanes on one side and the selected element's panel on the other (or
// the participant's preview). Everything edits through one reducer; the hook saves it to the branch.
export function DesignerWorkspace({ definition, source, readOnly, extra, objectTypes = NO_TYPES }: Props) {
  const { t } = useTranslation();
  const { state, dispatch, issues, saveState } = useDesigner(source, definition, readOnly);
  const [rawSelection, select] = useState<Selection>({ kind: 'process' });
  const [view, setView] = useState<DesignerView>('design');
  const present = state.present;
  const selection = existing(present, rawSelection);
  useHotkeys([
    ['mod+z', () => dispatch({ type: 'undo' })],
    ['mod+shift+z', () => dispatch({ type: 'redo' })],
    ['mod+y', () => dispatch({ type: 'redo' })],
  ]);
  const recordTypes = useRecordTypes(objectTypes);
  const context = useMemo(
    () => ({ dispatch, issues, readOnly, select, objectTypes: recordTypes }),
    [dispatch, issues, readOnly, recordTypes],
  );
  const definitionRef = useRef(present);
  definitionRef.current = present;
  const lanes = useMemo(() => ({ definition: present, issues, selection }), [present, issues, selection]);
  return (
    <DesignerContext.Provider value={context}>
      <Stack gap="md">
        <DesignerToolbar
          name={present.kind.name}
          readOnly={readOnly}
          canUndo={state.past.length > 0}
          canRedo={state.future.length > 0}
          issueCount={issues.count}
          saveState={saveState}
          view={view}
          onView={setView}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          extra={extra}
        />
        {view === 'preview' ? (
          <Paper withBorder p="md">
            <ProcessPreview definition={present} />
          </Paper>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="sm">
                <Button
                  variant={selection.kind === 'process' ? 'filled' : 'default'}
                  leftSection={<IconSettings size={16} aria-hidden />}
                  onClick={() => select({ kind: 'process' })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('studioDesigner.processSettings')}
                </Button>
                <SwimlanesDataContext.Provider value={lanes}>
                  <Swimlanes
                    definitionRef={definitionRef}
                    readOnly={readOnly}
                    dispatch={dispatch}
                    select={select}
                  />
                </SwimlanesDataContext.Provider>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper
                withBorder
                p="md"
                component="aside"
                aria-label={t('studioDesigner.properties')}
                // Stays in view while the lanes scroll: a step far down opens its panel beside it.
                style={{
                  position: 'sticky',
                  top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))',
                }}
              >
                <ScrollArea.Autosize
                  mah="calc(100vh - var(--app-shell-header-height, 0px) - 4rem)"
                  type="auto"
                  offsetScrollbars
                >
                  {selection.kind === 'process' && <ProcessPanel definition={present} />}
                  {selection.kind === 'group' && present.step_groups[selection.group] && (
                    <GroupPanel
                      group={
                        present.step_groups[selection.group] as WorkflowDefinition['step_groups'][number]
                      }
                      index={selection.group}
                    />
                  )}
                  {selection.kind === 'step' && <StepPanel definition={present} at={selection} />}
                  {selection.kind === 'field' && <FieldPanel definition={present} at={selection} />}
                </ScrollArea.Autosize>
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </DesignerContext.Provider>
  );
}
