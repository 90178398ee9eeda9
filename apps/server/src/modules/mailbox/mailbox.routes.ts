import {
  ADMIN_PATHS,
  ApiErrorSchema,
  MailboxMessageSchema,
  MailboxPageSchema,
  PageQuerySchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from '../attachments/index.js';
import { listMailbox, mailboxAttachment, mailboxMessage } from './mailbox.service.js';

const tags = ['mailbox'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const access = { permission: 'can_access_admin_settings' } as const;

// The development mailbox: every e-mail the tenant sent or kept (without SMTP, codes and links are
// read here).
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ADMIN_PATHS.mailbox,
    {
      config: { access },
      schema: {
        tags,
        summary: "The tenant's outgoing e-mail, newest first",
        querystring: PageQuerySchema,
        response: { 200: MailboxPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listMailbox(userContext(request), request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.get(
    '/api/v1/dev/mailbox/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One e-mail of the outbox',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: MailboxMessageSchema, ...errors },
      },
    },
    (request) => mailboxMessage(userContext(request), request.params.id),
  );

  // Not through the zod type provider: the answer is the file, which no schema describes.
  app.route<{ Params: { id: number; index: number } }>({
    method: 'GET',
    url: '/api/v1/dev/mailbox/:id/attachments/:index/',
    exposeHeadRoute: false,
    config: { access },
    schema: {
      tags,
      summary: 'A file sent with an e-mail of the outbox, by its position in the message',
      params: z.object({
        id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        index: z.coerce.number().int().min(0).max(100),
      }),
      response: errors,
    },
    handler: async (request, reply) => {
      const file = await mailboxAttachment(userContext(request), request.params.id, request.params.index);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });
}
