// TanStack Query keys of the mentions area. The real-time client (features/realtime) invalidates or
// sets these when a mention or a thread message arrives, so they are one shared definition.
export const mentionKeys = {
  all: ['mentions'] as const,
  unreadCount: () => ['mentions', 'unread-count'] as const,
  list: () => ['mentions', 'list'] as const,
  threads: (workflowId: number) => ['mentions', 'threads', workflowId] as const,
  messages: (threadId: number) => ['mentions', 'messages', threadId] as const,
  subscription: (threadId: number) => ['mentions', 'subscription', threadId] as const,
  mySubscriptions: () => ['mentions', 'my-subscriptions'] as const,
  recordComments: (tag: string, recordId: number) => ['mentions', 'record-comments', tag, recordId] as const,
};
