import { HttpError, type StudioWorkingCopy, type WorkflowDefinition } from '@attest/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from '../../../lib/notifications/toast';
import { reloadStudioBranch, STALE_REVISION_CODE, useSaveWorkingCopy } from '../api/working-copy';
import {
  type DesignerAction,
  type DesignerState,
  designerReducer,
  initialDesignerState,
} from './model/history';
import { normaliseDraft } from './model/normalise';
import { validateDefinition } from './model/validation';

// Quiet time after the last edit before the branch is saved.
export const AUTOSAVE_DELAY_MS = 800;
export const VALIDATION_DELAY_MS = 200;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export type DesignerSource = {
  appId: number;
  branchId: number;
  revision: number;
  package: StudioWorkingCopy;
  processIndex: number;
};

function withProcess(
  pkg: StudioWorkingCopy,
  index: number,
  definition: WorkflowDefinition,
): StudioWorkingCopy {
  const processes = pkg.processes.slice();
  processes[index] = definition as unknown as Record<string, unknown>;
  return { ...pkg, processes };
}

function indexOfKind(pkg: StudioWorkingCopy, kindTag: string): number {
  return pkg.processes.findIndex((p) => (p.kind as { tag?: unknown } | undefined)?.tag === kindTag);
}

// Someone saved the branch since: take their branch and replay our unsaved actions onto their
// version of the process (or keep ours whole when they removed it).
async function replayOnFresh(
  appId: number,
  branchId: number,
  kindTag: string,
  pending: readonly DesignerAction[],
  ours: WorkflowDefinition,
) {
  const branch = await reloadStudioBranch(appId, branchId);
  const found = indexOfKind(branch.package, kindTag);
  const theirs = found >= 0 ? normaliseDraft(branch.package.processes[found] ?? {}) : undefined;
  let replayed = initialDesignerState(theirs ?? ours);
  if (theirs) for (const action of pending) replayed = designerReducer(replayed, action);
  const processes = found >= 0 ? branch.package.processes : [...branch.package.processes, {}];
  return {
    base: {
      revision: branch.revision,
      package: { ...branch.package, processes },
      processIndex: found >= 0 ? found : processes.length - 1,
    },
    definition: replayed.present,
  };
}

// The designer's state, its live validation and its autosave. Actions since the last save are kept:
// when someone else saved the branch meanwhile (409), the branch is reloaded and they are replayed
// onto that process, so both people's changes stay.
export function useDesigner(
  source: DesignerSource | undefined,
  definition: WorkflowDefinition,
  readOnly: boolean,
) {
  const [state, dispatchState] = useReducer(designerReducer, definition, initialDesignerState);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const pending = useRef<DesignerAction[]>([]);
  const base = useRef({ ...source, kindTag: definition.kind.tag });
  const saving = useRef(false);
  const save = useSaveWorkingCopy();
  // The mutation object changes every render; the autosave timer must not.
  const mutate = useRef(save.mutateAsync);
  mutate.current = save.mutateAsync;
  const latest = useRef<DesignerState>(state);
  latest.current = state;

  const dispatch = useCallback(
    (action: DesignerAction) => {
      if (readOnly) return;
      pending.current.push(action);
      dispatchState(action);
    },
    [readOnly],
  );

  const flush = useCallback(async () => {
    const at = base.current;
    if (saving.current || !at.appId || !at.branchId || at.revision === undefined || !at.package) return;
    if (at.processIndex === undefined) return;
    saving.current = true;
    setSaveState('saving');
    const sent = pending.current.length;
    const present = latest.current.present;
    try {
      const branch = await mutate.current({
        appId: at.appId,
        branchId: at.branchId,
        revision: at.revision,
        package: withProcess(at.package, at.processIndex, present),
      });
      base.current = { ...at, revision: branch.revision, package: branch.package, kindTag: present.kind.tag };
      pending.current = pending.current.slice(sent);
      setSaveState(pending.current.length > 0 ? 'pending' : 'saved');
    } catch (error) {
      if (error instanceof HttpError && error.code === STALE_REVISION_CODE) {
        const fresh = await replayOnFresh(at.appId, at.branchId, at.kindTag, pending.current, present);
        base.current = { ...base.current, ...fresh.base };
        dispatchState({ type: 'reset', definition: fresh.definition });
        toast.warning('studioDesigner.staleReloaded', { id: 'studio-designer-stale' });
        setSaveState('pending');
      } else {
        setSaveState('failed');
        toast.error('studioDesigner.saveFailed', { id: 'studio-designer-save' });
      }
    } finally {
      saving.current = false;
    }
  }, []);

  useEffect(() => {
    if (readOnly || state.changes === 0) return;
    setSaveState('pending');
    const timer = window.setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.changes, readOnly, flush]);

  // Live validation (tens of milliseconds at 3,000 fields) runs once typing pauses, not per keystroke.
  const [checked] = useDebouncedValue(state.present, VALIDATION_DELAY_MS);
  const issues = useMemo(() => validateDefinition(checked), [checked]);

  return { state, dispatch, issues, saveState, saveNow: flush };
}
