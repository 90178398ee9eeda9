import { z } from 'zod';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { ThreadTargetSchema } from './api.js';

// Spec 1 §4 "Subscriptions to threads": subscribed means an e-mail for every comment; unsubscribed
// means none unless the user is tagged. Posting in a thread subscribes its author, unless they
// unsubscribed from it before (an explicit choice is never overridden).
export const SUBSCRIPTION_PATHS = {
  mine: '/api/v1/thread-subscriptions/',
  one: (subscriptionId: number) => `/api/v1/thread-subscriptions/${subscriptionId}/`,
  thread: (threadId: number) => `/api/v1/threads/${threadId}/subscription/`,
  // Spec 1 §7: users for subscription; ?limit=none answers every active user of the tenant.
  userList: '/api/v1/workflow-reports/user-list-for-subscription/',
  // Who the composer can @mention on a workflow: users who can see it, and groups.
  mentionable: (workflowId: number) => `/api/v1/workflows/${workflowId}/mentionable/`,
} as const;

// Spec 1 §8.
export const SUBSCRIPTION_MESSAGES = {
  changeFailed: 'Unable to change subscription.',
  unsubscribeFailed: 'Unable to unsubscribe from the thread.',
} as const;

// How long comment e-mails to one person wait to be sent together, so a busy thread sends one
// e-mail listing several comments rather than one e-mail each (THREAD_EMAIL_DELAY_SECONDS).
export const THREAD_EMAIL_DEFAULT_DELAY_SECONDS = 120;
// At most this many comments are listed in one e-mail; the rest are counted ("and 12 more").
export const THREAD_EMAIL_MAX_ITEMS = 20;

export const ThreadSubscriptionStateSchema = z.object({
  thread: z.number().int(),
  subscribed: z.boolean(),
});
export type ThreadSubscriptionState = z.infer<typeof ThreadSubscriptionStateSchema>;

export const ChangeSubscriptionRequestSchema = z.object({ subscribed: z.boolean() }).strict();
export type ChangeSubscriptionRequest = z.infer<typeof ChangeSubscriptionRequestSchema>;

// One row of /mysubscriptions/: a thread the user is subscribed to.
export const ThreadSubscriptionSchema = z.object({
  id: z.number().int(),
  thread: z.number().int(),
  workflow: z.object({ id: z.number().int(), name: text() }),
  content_object_type: ThreadTargetSchema,
  step: z.object({ tag: text(), name: text() }).nullable(),
  field: z.object({ tag: text(), body: text() }).nullable(),
  message_count: z.number().int(),
  last_message_at: text().nullable(),
  subscribed_at: text(),
});
export type ThreadSubscription = z.infer<typeof ThreadSubscriptionSchema>;
export const ThreadSubscriptionsPageSchema = pageOf(ThreadSubscriptionSchema);

export const SubscriptionIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

export const SubscriptionUserSchema = z.object({ id: z.number().int(), name: text(), email: text() });
export type SubscriptionUser = z.infer<typeof SubscriptionUserSchema>;
// limit=none: every active user (a tenant's directory, bounded by USER_LIST_MAX); otherwise paged.
export const USER_LIST_MAX = 10_000;
export const UserListQuerySchema = z.object({
  limit: z.union([z.literal('none'), z.coerce.number().int().min(1).max(100)]).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: text().trim().max(100).optional(),
});
export const UserListSchema = pageOf(SubscriptionUserSchema);

export const MENTIONABLE_MAX = 10;
export const MentionableQuerySchema = z.object({ q: text().trim().max(100).default('') });
export const MentionableSchema = z.object({
  results: z.array(
    z.object({
      type: z.enum(['user', 'group']),
      id: z.number().int(),
      name: text(),
      // A user's e-mail; a group's member count.
      email: text().nullable(),
      member_count: z.number().int().nullable(),
    }),
  ),
});
export type Mentionable = z.infer<typeof MentionableSchema>['results'][number];
