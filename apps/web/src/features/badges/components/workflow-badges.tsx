import { useMemo } from 'react';
import { useWorkflowBadges } from '../api/workflow-badges';
import { BadgeChips } from './badge-chips';

// A short fingerprint of what rules read (answers and status), so the header asks again after an
// answer or a step changed them, and not otherwise.
function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `${text.length}:${hash}`;
}

type Props = { workflowId: number; watched: unknown };

// The badges in a workflow page's header; nothing while loading or when it holds none.
export function WorkflowBadges({ workflowId, watched }: Props) {
  const version = useMemo(() => fingerprint(watched), [watched]);
  const badges = useWorkflowBadges(workflowId, version);
  return <BadgeChips badges={badges.data ?? []} max={5} size="md" />;
}
