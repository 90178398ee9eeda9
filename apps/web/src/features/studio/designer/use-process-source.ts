import type { StudioWorkingCopy, WorkflowDefinition } from '@attest/shared';
import { useParams } from 'react-router';
import { useStudioApp } from '../api/apps';
import { useStudioBranch, useStudioSavepoint } from '../api/branches';
import { branchNamed } from '../apps/studio-paths';
import { normaliseDraft } from './model/normalise';
import type { DesignerSource } from './use-designer';

export type DesignerObjectType = { tag: string; name: string };

// A package's object types as the designer offers them; drafts may lack a tag or name for a while.
export function packageObjectTypes(pkg: StudioWorkingCopy): DesignerObjectType[] {
  return (pkg.objects ?? []).flatMap((object) => {
    const tag = typeof object.tag === 'string' ? object.tag : '';
    const name = typeof object.name === 'string' ? object.name : '';
    return tag ? [{ tag, name: name || tag }] : [];
  });
}

function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type ProcessSource =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'missing'; appId: number; branchName: string; pkg: StudioWorkingCopy | undefined }
  | {
      status: 'ready';
      appId: number;
      branchName: string;
      processTag: string;
      savepointId: number | undefined;
      definition: WorkflowDefinition;
      // Undefined for a savepoint: it is read, never saved.
      source: DesignerSource | undefined;
      editable: boolean;
      // The object types of the same package, which its Record fields may pick records of.
      objectTypes: DesignerObjectType[];
    };

// The process a designer or process page address names: /studio/apps/:id/:branch/(designer|process)
// /:process(/:processSavepointId). The branch is named; its working copy (or the savepoint's package)
// holds the process, found by its kind tag.
export function useProcessSource(): ProcessSource {
  const params = useParams();
  const appId = idParam(params.id) ?? 0;
  const branchName = params.branch ?? '';
  const processTag = params.process ?? '';
  const savepointId =
    params.processSavepointId === undefined ? undefined : idParam(params.processSavepointId);
  const app = useStudioApp(appId);
  const branchSummary = app.data ? branchNamed(app.data.branches, branchName) : undefined;
  const branch = useStudioBranch(appId, savepointId === undefined && branchSummary ? branchSummary.id : null);
  const savepoint = useStudioSavepoint(appId, savepointId ?? null);
  if (app.isError || branch.isError || savepoint.isError || savepointId === null) return { status: 'error' };
  if (app.isPending || (savepointId === undefined ? branch.isPending : savepoint.isPending)) {
    if (app.data && !branchSummary) return { status: 'missing', appId, branchName, pkg: undefined };
    return { status: 'loading' };
  }
  const pkg = savepointId === undefined ? branch.data?.package : savepoint.data?.package;
  const index =
    pkg?.processes.findIndex((p) => (p.kind as { tag?: unknown } | undefined)?.tag === processTag) ?? -1;
  const found = pkg?.processes[index];
  if (!pkg || !found) return { status: 'missing', appId, branchName, pkg };
  const source =
    savepointId === undefined && branch.data
      ? { appId, branchId: branch.data.id, revision: branch.data.revision, package: pkg, processIndex: index }
      : undefined;
  return {
    status: 'ready',
    appId,
    branchName,
    processTag,
    savepointId,
    definition: normaliseDraft(found),
    source,
    editable: source !== undefined,
    objectTypes: packageObjectTypes(pkg),
  };
}
