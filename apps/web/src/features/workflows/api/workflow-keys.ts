// One factory for every workflows query key, so mutations invalidate through it (STYLE rule 10).
// The detail key ['workflows', 'detail', id] is shared with the field components (web-fields).
export const workflowKeys = {
  all: ['workflows'] as const,
  details: () => [...workflowKeys.all, 'detail'] as const,
  detail: (id: number) => [...workflowKeys.details(), id] as const,
  activity: (id: number) => [...workflowKeys.all, 'activity', id] as const,
  stepUsers: (id: number, stepTag: string) => [...workflowKeys.all, 'step-users', id, stepTag] as const,
  kinds: () => [...workflowKeys.all, 'kinds'] as const,
  creatableKinds: () => [...workflowKeys.all, 'kinds', 'creatable'] as const,
  // A data_object field's picker: record titles of one object type by search text.
  recordOptions: (objectTypeTag: string, q: string) =>
    [...workflowKeys.all, 'record-options', objectTypeTag, q] as const,
};
