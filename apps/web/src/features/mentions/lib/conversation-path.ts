import type { Mention } from '@attest/shared';

// 'View Conversation': the process page with the thread open (?thread=) and, when the thread is on a
// step or a field, that step selected (?step=, the existing deep link).
export function conversationPath(mention: Pick<Mention, 'workflow' | 'thread' | 'step'>): string {
  const params = new URLSearchParams();
  if (mention.step) params.set('step', mention.step.tag);
  params.set('thread', String(mention.thread));
  return `/process/${mention.workflow.id}?${params.toString()}`;
}
