import { HttpError, type StudioWorkingCopy } from '@attest/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../lib/notifications/toast';
import { useStudioAppSettings } from '../api/app-settings';
import { useStudioApp } from '../api/apps';
import { useStudioBranch } from '../api/branches';
import { reloadStudioBranch, STALE_REVISION_CODE, useSaveWorkingCopy } from '../api/working-copy';
import { branchNamed } from '../apps/studio-paths';
import { VALIDATION_DELAY_MS } from '../designer/use-designer';
import { normaliseObject, type ObjectDraft, objectTagOf, validateObject, withObject } from './object-model';

export type ObjectSourceBase = {
  appId: number;
  branchId: number;
  revision: number;
  package: StudioWorkingCopy;
};

export type ObjectSource =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'missing'; appId: number; branchName: string }
  | {
      status: 'ready';
      appId: number;
      branchName: string;
      objectTag: string;
      draft: ObjectDraft;
      base: ObjectSourceBase;
      editable: boolean;
    };

function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// The object type an address names: /studio/apps/:id/:branch/objects/:object, found by its tag in the
// branch's working copy. Only the app's editors change it, and nobody while the app is archived.
export function useObjectSource(): ObjectSource {
  const params = useParams();
  const appId = idParam(params.id) ?? 0;
  const branchName = params.branch ?? '';
  const objectTag = params.object ?? '';
  const app = useStudioApp(appId);
  const settings = useStudioAppSettings(appId);
  const summary = app.data ? branchNamed(app.data.branches, branchName) : undefined;
  const branch = useStudioBranch(appId, summary ? summary.id : null);
  if (app.isError || branch.isError) return { status: 'error' };
  if (app.data && !summary) return { status: 'missing', appId, branchName };
  if (app.isPending || branch.isPending || settings.isPending) return { status: 'loading' };
  const found = branch.data.package.objects?.find((o) => objectTagOf(o) === objectTag);
  if (!found) return { status: 'missing', appId, branchName };
  const canEdit = settings.data?.can_edit === true && app.data.app.archived_at === null;
  return {
    status: 'ready',
    appId,
    branchName,
    objectTag,
    draft: normaliseObject(found),
    base: { appId, branchId: branch.data.id, revision: branch.data.revision, package: branch.data.package },
    editable: canEdit,
  };
}

export type ObjectSaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

// The designer's draft, its live validation and its save. A save writes the whole working copy at
// the revision it was loaded at; when someone saved the branch meanwhile (409), their branch is
// reloaded, this object type put into it in place of theirs, and saved again, so their changes to
// the other processes and object types stay.
export function useObjectDesigner(base: ObjectSourceBase, tag: string, initial: ObjectDraft) {
  const [draft, setDraft] = useState(initial);
  const [saveState, setSaveState] = useState<ObjectSaveState>('saved');
  // The field tags the branch holds: those keep their tag when their label changes.
  const [savedTags, setSavedTags] = useState<ReadonlySet<string>>(
    () => new Set(initial.fields.map((f) => f.tag)),
  );
  const at = useRef(base);
  const latest = useRef(draft);
  latest.current = draft;
  const save = useSaveWorkingCopy();

  const change = useCallback((edit: (current: ObjectDraft) => ObjectDraft) => {
    setDraft(edit);
    setSaveState('unsaved');
  }, []);

  const put = async (current: ObjectDraft) => {
    const branch = await save.mutateAsync({
      appId: at.current.appId,
      branchId: at.current.branchId,
      revision: at.current.revision,
      package: withObject(at.current.package, tag, current),
    });
    at.current = { ...at.current, revision: branch.revision, package: branch.package };
  };

  const saveNow = async () => {
    setSaveState('saving');
    const sent = draft;
    try {
      try {
        await put(sent);
      } catch (error) {
        if (!(error instanceof HttpError && error.code === STALE_REVISION_CODE)) throw error;
        const fresh = await reloadStudioBranch(at.current.appId, at.current.branchId);
        at.current = { ...at.current, revision: fresh.revision, package: fresh.package };
        await put(sent);
        toast.warning('studio.objects.staleSaved', { id: 'studio-object-stale' });
      }
      // Edits made while the save was on its way are still to be saved.
      setSaveState(latest.current === sent ? 'saved' : 'unsaved');
      setSavedTags(new Set(sent.fields.map((f) => f.tag)));
    } catch (error) {
      setSaveState('failed');
      toast.error('studio.objects.saveFailed', {
        id: 'studio-object-save',
        ...(error instanceof HttpError && error.status < 500 ? { message: error.message } : {}),
      });
    }
  };

  const [checked] = useDebouncedValue(draft, VALIDATION_DELAY_MS);
  const issues = useMemo(() => validateObject(checked), [checked]);
  return { draft, change, issues, saveState, saveNow, savedTags };
}
