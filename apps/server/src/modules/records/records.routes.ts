import {
  ApiErrorSchema,
  CreateRecordRequestSchema,
  FilterErrorSchema,
  ObjectTypeDetailSchema,
  ObjectTypeParamsSchema,
  ObjectTypesSchema,
  PageQuerySchema,
  RECORD_PATHS,
  RecordActivityPageSchema,
  RecordDetailSchema,
  RecordLinkParamsSchema,
  RecordLinkRequestSchema,
  RecordLinkSchema,
  RecordListQuerySchema,
  RecordParamsSchema,
  RecordSearchQuerySchema,
  RecordSearchResultSchema,
  RecordsPageSchema,
  RelatedRecordsPageSchema,
  RelatedRecordsQuerySchema,
  RelatedWorkflowsPageSchema,
  UpdateRecordRequestSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userContext } from '../../platform/request-context.js';
import { getObjectType } from './object-types.service.js';
import { recordActivityPage } from './record-activity.service.js';
import { linkRecord, relatedRecordsPage, unlinkRecord } from './record-links.service.js';
import { listObjectTypes, listRecords, searchRecords } from './record-list.service.js';
import { createRecord, deleteRecord, getRecord, setRecordArchived, updateRecord } from './records.service.js';
import { relatedWorkflowsPage } from './related-workflows.service.js';

const tags = ['records'];
const errors = { 400: FilterErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const view = { access: { permission: 'can_view_records' } } as const;
// Fastify's path patterns for RECORD_PATHS (which builds concrete paths).
const TYPE = '/api/v1/object-types/:tag/';
const RECORDS = '/api/v1/records/:tag/';
const SEARCH = '/api/v1/records/:tag/search/';
const RECORD = '/api/v1/records/:tag/:id/';
// Before validation: the raw query string's `q` (a title search is the list's expensive form).
const hasTitleSearch = (query: unknown) =>
  typeof query === 'object' && query !== null && 'q' in query && Boolean((query as { q: unknown }).q);

// Plan §3.1. Handlers only map the request to a service call.
export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    RECORD_PATHS.objectTypes,
    {
      config: view,
      schema: {
        tags,
        summary: 'The published object types',
        response: { 200: ObjectTypesSchema, ...errors },
      },
    },
    async (request) => listObjectTypes(userContext(request)),
  );

  api.get(
    TYPE,
    {
      config: view,
      schema: {
        tags,
        summary: "An object type's current definition",
        params: ObjectTypeParamsSchema,
        response: { 200: ObjectTypeDetailSchema, ...errors },
      },
    },
    async (request) => getObjectType(userContext(request), request.params.tag),
  );

  api.get(
    RECORDS,
    {
      config: { ...view, lane: (request) => (hasTitleSearch(request.query) ? 'expensive' : 'cheap') },
      schema: {
        tags,
        summary: 'The records of a type: filters, advanced filters, ordering and paging',
        params: ObjectTypeParamsSchema,
        querystring: RecordListQuerySchema,
        response: { 200: RecordsPageSchema, ...errors },
      },
    },
    async (request) => listRecords(userContext(request), request, request.params.tag, request.query),
  );

  // A static segment: the router matches it before records/:tag/:id/.
  api.get(
    SEARCH,
    {
      // The data_object picker of any workflow form: whoever fills one, among the records they see.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Records of a type by title, for the data_object picker (visible, live records only)',
        params: ObjectTypeParamsSchema,
        querystring: RecordSearchQuerySchema,
        response: { 200: RecordSearchResultSchema, ...errors },
      },
    },
    async (request) => searchRecords(userContext(request), request.params.tag, request.query),
  );

  api.post(
    RECORDS,
    {
      config: { access: { permission: 'can_add_record' } },
      schema: {
        tags,
        summary: 'Create a record',
        params: ObjectTypeParamsSchema,
        body: CreateRecordRequestSchema,
        response: { 201: RecordDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const record = await createRecord(userContext(request), request.params.tag, request.body);
      return reply.status(201).send(record);
    },
  );

  api.get(
    RECORD,
    {
      config: view,
      schema: {
        tags,
        summary: 'One record',
        params: RecordParamsSchema,
        response: { 200: RecordDetailSchema, ...errors },
      },
    },
    async (request) => getRecord(userContext(request), request.params.tag, request.params.id),
  );

  api.patch(
    RECORD,
    {
      config: { access: { permission: 'can_change_record' } },
      schema: {
        tags,
        summary: 'Change a record (revision-checked): only the values sent change',
        params: RecordParamsSchema,
        body: UpdateRecordRequestSchema,
        response: { 200: RecordDetailSchema, ...errors },
      },
    },
    async (request) =>
      updateRecord(userContext(request), request.params.tag, request.params.id, request.body),
  );

  for (const [path, archived] of [
    ['/api/v1/records/:tag/:id/archive/', true],
    ['/api/v1/records/:tag/:id/restore/', false],
  ] as const) {
    api.post(
      path,
      {
        config: { access: { permission: 'can_delete_record' } },
        schema: {
          tags,
          summary: archived ? 'Archive a record' : 'Restore an archived record',
          params: RecordParamsSchema,
          response: { 200: RecordDetailSchema, ...errors },
        },
      },
      async (request) =>
        setRecordArchived(userContext(request), request.params.tag, request.params.id, archived),
    );
  }

  api.delete(
    RECORD,
    {
      config: { access: { permission: 'can_delete_record' } },
      schema: {
        tags,
        summary: 'Delete a record',
        params: RecordParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRecord(userContext(request), request.params.tag, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/v1/records/:tag/:id/activity/',
    {
      config: view,
      schema: {
        tags,
        summary: "A record's activity, newest first: each change with before and after per field",
        params: RecordParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: RecordActivityPageSchema, ...errors },
      },
    },
    async (request) =>
      recordActivityPage(userContext(request), request, request.params.tag, request.params.id, request.query),
  );

  api.get(
    '/api/v1/records/:tag/:id/related-workflows/',
    {
      config: view,
      schema: {
        tags,
        summary: 'The workflows whose data_object answers name the record (visible ones only), newest first',
        params: RecordParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: RelatedWorkflowsPageSchema, ...errors },
      },
    },
    async (request) =>
      relatedWorkflowsPage(
        userContext(request),
        request,
        request.params.tag,
        request.params.id,
        request.query,
      ),
  );

  api.get(
    '/api/v1/records/:tag/:id/related-records/',
    {
      config: view,
      schema: {
        tags,
        summary: 'The records linked to or from the record (visible ones only), newest link first',
        params: RecordParamsSchema,
        querystring: RelatedRecordsQuerySchema,
        response: { 200: RelatedRecordsPageSchema, ...errors },
      },
    },
    async (request) =>
      relatedRecordsPage(userContext(request), request, request.params.tag, request.params.id, request.query),
  );

  api.post(
    '/api/v1/records/:tag/:id/links/',
    {
      config: { access: { permission: 'can_change_record' } },
      schema: {
        tags,
        summary: "Link the record to another by one of its type's relations",
        params: RecordParamsSchema,
        body: RecordLinkRequestSchema,
        response: { 201: RecordLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const link = await linkRecord(
        userContext(request),
        request.params.tag,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(link);
    },
  );

  api.delete(
    '/api/v1/records/:tag/:id/links/:linkId/',
    {
      config: { access: { permission: 'can_change_record' } },
      schema: {
        tags,
        summary: 'Remove a link to or from the record',
        params: RecordLinkParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { tag, id, linkId } = request.params;
      await unlinkRecord(userContext(request), tag, id, linkId);
      return reply.status(204).send(null);
    },
  );
}
