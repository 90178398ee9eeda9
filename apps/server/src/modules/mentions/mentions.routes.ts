import {
  ApiErrorSchema,
  CreateThreadRequestSchema,
  ERROR_CODES,
  MarkAsReadSchema,
  MENTION_PATHS,
  MENTIONS_PAGE_SIZE,
  MentionsPageSchema,
  MessageIdParamsSchema,
  MessageSchema,
  MessagesPageSchema,
  PageQuerySchema,
  PostMessageRequestSchema,
  RecordParamsSchema,
  SERVER_MESSAGES,
  ThreadIdParamsSchema,
  ThreadSchema,
  ThreadsSchema,
  ThreadsWorkflowParamsSchema,
  UnreadMentionsCountSchema,
  UserMentionsQuerySchema,
} from '@attest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError } from '../../platform/errors.js';
import { pageResponse } from '../../platform/page-response.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import type { CommentEffects } from './comment-fanout.js';
import { listUserMentions, markMentionRead, unreadMentionsCount } from './mentions.service.js';
import { listRecordComments, postRecordComment } from './record-comments.service.js';
import type { ThreadEmails } from './thread-emails.js';
import {
  deleteMessage,
  editMessage,
  listMessages,
  listThreads,
  openThread,
  postMessage,
} from './threads.service.js';

const tags = ['mentions'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const viewRecords = { access: { permission: 'can_view_records' } } as const;
// Fastify's pattern for RECORD_PATHS.comments.
const RECORD_COMMENTS = '/api/v1/records/:tag/:id/comments/';

// user-mentions pages by ?page=N (spec 1 §7); next and previous keep the rest of the query.
function pageLink(request: FastifyRequest, page: number) {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

// What the mention routes use of the process's services.
export type MentionsRouteDeps = { threadEmails: Pick<ThreadEmails, 'announce'>; realtime: RealtimePublisher };

// After a comment's transaction has committed: its live events, then its e-mails' schedule.
function announce(deps: MentionsRouteDeps, effects: CommentEffects) {
  return deps.threadEmails.announce(effects, deps.realtime);
}

// Threads on a workflow, a step or a field, their messages and the mentions they make (issue 6).
// Any signed-in user may take part on a workflow they can see; every route answers 404 for a
// workflow, thread or message they cannot see or of another tenant.
export async function mentionsRoutes(app: FastifyInstance, deps: MentionsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/workflows/:id/threads/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A workflow's threads (the workflow's, its steps' and its fields'), with message counts",
        params: ThreadsWorkflowParamsSchema,
        response: { 200: ThreadsSchema, ...errors },
      },
    },
    async (request) => listThreads(userContext(request), request.params.id),
  );

  api.post(
    '/api/v1/workflows/:id/threads/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Get or create the thread of the workflow, one of its steps (step_tag) or fields (field_tag)',
        params: ThreadsWorkflowParamsSchema,
        body: CreateThreadRequestSchema,
        response: { 200: ThreadSchema, ...errors },
      },
    },
    async (request) => openThread(userContext(request), request.params.id, request.body),
  );

  api.get(
    '/api/v1/threads/:id/messages/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A thread's messages, oldest first",
        params: ThreadIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: MessagesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listMessages(userContext(request), request.params.id, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/threads/:id/messages/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Post a message (plain text, 1 to 5,000 characters); @[Name](user:ID) and @[Name](group:ID) mention people who can see the workflow',
        params: ThreadIdParamsSchema,
        body: PostMessageRequestSchema,
        response: { 201: MessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { message, effects } = await postMessage(
        userContext(request),
        request.params.id,
        request.body.body,
      );
      await announce(deps, effects);
      return reply.status(201).send(message);
    },
  );

  // A record's comments (issue 18): whoever may view the record; 404 for one they cannot see.
  api.get(
    RECORD_COMMENTS,
    {
      config: viewRecords,
      schema: {
        tags,
        summary: "A record's comments, oldest first",
        params: RecordParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: MessagesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { tag, id } = request.params;
      const { rows, count } = await listRecordComments(userContext(request), tag, id, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    RECORD_COMMENTS,
    {
      config: viewRecords,
      schema: {
        tags,
        summary: 'Comment on a record (plain text, 1 to 5,000 characters; mentions are not notified)',
        params: RecordParamsSchema,
        body: PostMessageRequestSchema,
        response: { 201: MessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tag, id } = request.params;
      const message = await postRecordComment(userContext(request), tag, id, request.body.body);
      return reply.status(201).send(message);
    },
  );

  api.patch(
    '/api/v1/messages/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Edit your own message; its mentions are read again',
        params: MessageIdParamsSchema,
        body: PostMessageRequestSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      const { message, effects } = await editMessage(
        userContext(request),
        request.params.id,
        request.body.body,
      );
      await announce(deps, effects);
      return message;
    },
  );

  api.delete(
    '/api/v1/messages/:id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete your own message',
        params: MessageIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await announce(deps, await deleteMessage(userContext(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  // A GET that changes state because spec 1 §7 says so. GETs skip the CSRF check, so a cross-site
  // page could at most mark the visitor's own mention read (idempotent, nothing disclosed); a
  // browser's cross-site fetch is refused here anyway.
  api.get(
    '/api/v1/messages/:id/mark_as_read/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark your mention in a message read (404 if you have none); idempotent',
        params: MessageIdParamsSchema,
        response: { 200: MarkAsReadSchema, ...errors },
      },
    },
    async (request) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new ForbiddenError(SERVER_MESSAGES.csrfFailed, ERROR_CODES.csrfFailed);
      }
      const { result, events } = await markMentionRead(userContext(request), request.params.id);
      deps.realtime.publish(events);
      return result;
    },
  );

  api.get(
    MENTION_PATHS.userMentions,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: `Your mentions on workflows you can see, newest first, ${MENTIONS_PAGE_SIZE} a page`,
        querystring: UserMentionsQuerySchema,
        response: { 200: MentionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { results, count } = await listUserMentions(userContext(request), page);
      return {
        results,
        count,
        next: page * MENTIONS_PAGE_SIZE < count ? pageLink(request, page + 1) : null,
        previous: page > 1 ? pageLink(request, page - 1) : null,
      };
    },
  );

  api.get(
    MENTION_PATHS.unreadCount,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'How many of your mentions are unread',
        response: { 200: UnreadMentionsCountSchema, ...errors },
      },
    },
    async (request) => unreadMentionsCount(userContext(request)),
  );
}
