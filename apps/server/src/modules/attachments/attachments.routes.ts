import {
  ApiErrorSchema,
  AttachmentDownloadQuerySchema,
  AttachmentDownloadSchema,
  MAX_FILE_SIZE_BYTES,
  UPLOAD_FILE_NAME_HEADER,
  UploadedFileSchema,
  WORKFLOW_PATHS,
  WorkflowErrorSchema,
  WorkflowFieldParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStore } from '../../platform/files/file-store.js';
import { declaredSize, streamBodiesUnparsed, uploadFileName } from '../../platform/files/streamed-upload.js';
import { userContext } from '../../platform/request-context.js';
import { attachmentDisposition } from './content-disposition.js';
import { attachmentDownloadUrl, openAttachment } from './download-attachment.service.js';
import { uploadAttachment } from './upload-attachment.service.js';

const tags = ['attachments'];
const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

// The media type without parameters; anything malformed is stored as plain bytes.
function mediaType(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return CONTENT_TYPE_PATTERN.test(type) ? type : 'application/octet-stream';
}

// What the attachment routes use of the process's services.
export type AttachmentsRouteDeps = { files: FileStore };

export async function attachmentsRoutes(app: FastifyInstance, deps: AttachmentsRouteDeps): Promise<void> {
  // Uploads stream their body to the file store: no parser reads it here (the app's parsers buffer
  // and stop at 1 MB), so the handler reads request.raw only after access is checked.
  await app.register(async (scope) => {
    streamBodiesUnparsed(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/workflows/:id/fields/:field_tag/attachments/',
      {
        config: { access: 'authenticated' },
        bodyLimit: MAX_FILE_SIZE_BYTES,
        schema: {
          tags,
          summary:
            'Upload a file to a file field (the body is the file, its name URI-encoded in X-File-Name)',
          description:
            "The answer is not changed: save the returned file as the field's answer. Refused with the field's problems when the file is too large or of a type the field does not allow.",
          consumes: ['*/*'],
          params: WorkflowFieldParamsSchema,
          response: { 201: UploadedFileSchema, 400: WorkflowErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const file = await uploadAttachment(userContext(request), deps.files, {
          workflowId: request.params.id,
          fieldTag: request.params.field_tag,
          fileName: uploadFileName(request, UPLOAD_FILE_NAME_HEADER),
          contentType: mediaType(request.headers['content-type']),
          declaredSize: declaredSize(request),
          body: request.raw,
        });
        return reply.status(201).send(file);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    WORKFLOW_PATHS.attachmentDownload,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The address of a file in a field's answer (spec 1 §7; uid required for multi-file fields)",
        querystring: AttachmentDownloadQuerySchema,
        response: { 200: AttachmentDownloadSchema, 400: ApiErrorSchema, ...errors },
      },
    },
    async (request) => attachmentDownloadUrl(userContext(request), request.query),
  );

  // Not through the zod type provider: the 200 answer is a stream, which no schema describes. HEAD is
  // its own route (not Fastify's generated one) so it never opens the file.
  for (const method of ['GET', 'HEAD'] as const) {
    app.route<{ Params: { uid: string } }>({
      method,
      url: '/api/v1/attachments/:uid/file/',
      exposeHeadRoute: false,
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          method === 'GET'
            ? 'The bytes of an attachment, as a download'
            : "An attachment's headers, without its bytes",
        params: z.object({ uid: z.string().max(100) }),
        produces: ['application/octet-stream'],
        response: errors,
      },
      handler: async (request, reply) => {
        const file = await openAttachment(userContext(request), deps.files, request.params.uid, {
          headOnly: method === 'HEAD',
        });
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          // A file opened in the browser anyway runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-cache')
          .header('etag', `"${file.sha256}"`);
        return reply.send(file.stream ?? undefined);
      },
    });
  }
}
