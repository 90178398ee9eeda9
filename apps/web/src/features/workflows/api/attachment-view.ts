import { queryOptions, useQuery } from '@tanstack/react-query';
import { attachmentUrl } from './attachments';
import { workflowKeys } from './workflow-keys';

export type AttachmentRef = { workflowId: number; fieldTag: string; uid?: string };

// The attachment view (spec 2 §2.2) asks once: a refusal is the catalogue's answer, not a blip.
export const attachmentViewQueryOptions = (ref: AttachmentRef) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'attachment-url', ref.workflowId, ref.fieldTag, ref.uid ?? null],
    queryFn: () => attachmentUrl(ref.workflowId, ref.fieldTag, ref.uid),
    retry: false,
    staleTime: 0,
  });

export function useAttachmentView(ref: AttachmentRef | null) {
  return useQuery({
    ...attachmentViewQueryOptions(ref ?? { workflowId: 0, fieldTag: '' }),
    enabled: ref !== null,
  });
}
