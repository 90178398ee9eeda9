// The process routes (spec 1 §2).
export const processPaths = {
  page: (id: number) => `/process/${id}`,
  withoutHeader: (id: number) => `/process/${id}/without-header`,
  map: (id: number) => `/process/${id}/map`,
  wizard: (id: number) => `/process/${id}/wizard/`,
};

const PROCESS_PATH = /^\/process\/[^/]+(\/.*)?$/;

// Spec 1 §2: "navigating to a workflow id keeps the current path shape and appends new=true for a
// freshly created workflow": from /process/7/without-header the new workflow 9 opens at
// /process/9/without-header?new=true; from anywhere else at /process/9.
export function workflowPath(id: number, currentPathname: string, fresh = false): string {
  const suffix = PROCESS_PATH.exec(currentPathname)?.[1] ?? '';
  return `/process/${id}${suffix}${fresh ? '?new=true' : ''}`;
}
