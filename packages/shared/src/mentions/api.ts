import { z } from 'zod';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';

// Issue 6: threads on a workflow (or one of its steps or fields), their messages and the mentions
// they make (spec 1 §3 Mention, §4, §7).
export const MENTION_PATHS = {
  workflowThreads: (workflowId: number) => `/api/v1/workflows/${workflowId}/threads/`,
  threadMessages: (threadId: number) => `/api/v1/threads/${threadId}/messages/`,
  message: (messageId: number) => `/api/v1/messages/${messageId}/`,
  markAsRead: (messageId: number) => `/api/v1/messages/${messageId}/mark_as_read/`,
  userMentions: '/api/v1/user-mentions/',
  unreadCount: '/api/v1/unread-mentions-count/',
} as const;

// Spec 1 §9: user-mentions pages by 20.
export const MENTIONS_PAGE_SIZE = 20;
export const MESSAGE_BODY_MAX_LENGTH = 5000;
// Bound on who one message can reach (STYLE rule 7), after groups are expanded.
export const MENTIONS_PER_MESSAGE_MAX = 200;

export const MENTION_MESSAGES = {
  cannotSee: 'These people cannot see this workflow, so they would never read the mention:',
  unknownMention: 'Some mentioned users or groups do not exist.',
  tooMany: `A message can mention at most ${MENTIONS_PER_MESSAGE_MAX} people.`,
  unknownTag: 'This workflow has no such step or field.',
} as const;

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);

export const MessageBodySchema = text().trim().min(1).max(MESSAGE_BODY_MAX_LENGTH);

export const ThreadTargetSchema = z.enum(['workflow', 'step', 'field']);
export type ThreadTarget = z.infer<typeof ThreadTargetSchema>;

export const ThreadsWorkflowParamsSchema = z.object({ id: IdParam });
export const ThreadIdParamsSchema = z.object({ id: IdParam });
export const MessageIdParamsSchema = z.object({ id: IdParam });

// A step tag alone is the step's thread; a field tag (with or without its step) is the field's.
export const CreateThreadRequestSchema = z
  .object({
    step_tag: text().min(1).max(200).optional(),
    field_tag: text().min(1).max(200).optional(),
  })
  .strict();
export type CreateThreadRequest = z.infer<typeof CreateThreadRequestSchema>;

export const ThreadSchema = z.object({
  id: Id,
  workflow_id: Id,
  content_object_type: ThreadTargetSchema,
  step_tag: text().nullable(),
  field_tag: text().nullable(),
  message_count: z.number().int(),
  created_at: text(),
});
export type Thread = z.infer<typeof ThreadSchema>;
export const ThreadsSchema = z.object({ results: z.array(ThreadSchema) });

export const PostMessageRequestSchema = z.object({ body: MessageBodySchema }).strict();
export type PostMessageRequest = z.infer<typeof PostMessageRequestSchema>;

export const MessageAuthorSchema = z.object({ id: Id, email: text(), name: text() });

// Spec 1 §3 Mention.integration_result: the integration run that posted a message (its outcome in
// its step's thread), or null for a message a person wrote.
export const IntegrationResultSchema = z
  .object({ id: Id, connector: text(), state: z.enum(['waiting', 'running', 'finished', 'failed']) })
  .nullable();
export type IntegrationResult = z.infer<typeof IntegrationResultSchema>;

export const MessageSchema = z.object({
  id: Id,
  thread: Id,
  // Null when an integration run posted the message (integration_result says which).
  author: MessageAuthorSchema.nullable(),
  integration_result: IntegrationResultSchema,
  body: text(),
  created_at: text(),
  edited_at: text().nullable(),
  mentioned_user_ids: z.array(Id),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessagesPageSchema = pageOf(MessageSchema);

// Spec 1 §3 Mention, as user-mentions lists it.
export const MentionSchema = z.object({
  id: Id,
  // The message the mention is in: messages/{id}/mark_as_read/ takes this id, not the mention's.
  message_id: Id,
  message: text(),
  // Null when an integration run posted the message.
  posted_by: z.object({ email: text(), name: text() }).nullable(),
  workflow: z.object({ id: Id, name: text() }),
  created_at: text(),
  field: z.object({ tag: text(), body: text() }).nullable(),
  step: z.object({ tag: text(), name: text() }).nullable(),
  is_read: z.boolean(),
  content_object_type: ThreadTargetSchema,
  thread: Id,
  integration_result: IntegrationResultSchema,
});
export type Mention = z.infer<typeof MentionSchema>;
export const MentionsPageSchema = pageOf(MentionSchema);

export const UserMentionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type UserMentionsQuery = z.infer<typeof UserMentionsQuerySchema>;

export const UnreadMentionsCountSchema = z.object({ count: z.number().int() });
export const MarkAsReadSchema = z.object({ id: Id, is_read: z.literal(true) });
