import { STUDIO_MAIN_BRANCH, type StudioBranchSummary } from '@attest/shared';

// The studio's page addresses (spec 2 §2.4). A branch is named in the address by its name (unique
// in its app); the main branch is the app's own page. A savepoint by its id.
const seg = (value: string) => encodeURIComponent(value);

export const studioPaths = {
  apps: () => '/studio/apps/',
  app: (appId: number) => `/studio/apps/${appId}`,
  branch: (appId: number, branch: string) =>
    branch === STUDIO_MAIN_BRANCH ? `/studio/apps/${appId}` : `/studio/apps/${appId}/${seg(branch)}`,
  savepoint: (appId: number, branch: string, savepointId: number) =>
    `/studio/apps/${appId}/${seg(branch)}/${savepointId}`,
  designer: (appId: number, branch: string, process: string) =>
    `/studio/apps/${appId}/${seg(branch)}/designer/${seg(process)}`,
  process: (appId: number, branch: string, process: string) =>
    `/studio/apps/${appId}/${seg(branch)}/process/${seg(process)}`,
  // The app page's Objects tab, and one object type's designer (issue 18).
  objects: (appId: number, branch: string) =>
    branch === STUDIO_MAIN_BRANCH
      ? `/studio/apps/${appId}?tab=objects`
      : `/studio/apps/${appId}/${seg(branch)}?tab=objects`,
  objectDesigner: (appId: number, branch: string, object: string) =>
    `/studio/apps/${appId}/${seg(branch)}/objects/${seg(object)}`,
  diff: (appId: number, from: string, to: string) =>
    `/studio/apps/${appId}/diff?from=${seg(from)}&to=${seg(to)}`,
};

// The branch an address names (main when it names none); undefined when the app has no such branch.
export function branchNamed(branches: readonly StudioBranchSummary[], name: string | undefined) {
  const wanted = name ?? STUDIO_MAIN_BRANCH;
  return branches.find((branch) => branch.name === wanted);
}
