import {
  AdminGroupCreateSchema,
  AdminGroupSchema,
  AdminGroupsPageSchema,
  AdminGroupUpdateSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  ApiErrorSchema,
  AuditEventsPageSchema,
  AuditEventsQuerySchema,
  ImpersonationErrorSchema,
  PERMISSION_CODENAMES,
  PERMISSIONS,
  PermissionsCatalogueSchema,
  SecuritySettingsSchema,
  SecuritySettingsUpdateSchema,
  UserAccessSchema,
} from '@attest/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { createGroup, deleteGroup, listGroups, updateGroup } from './admin-groups.service.js';
import { listUsers, updateUser } from './admin-users.service.js';
import { listAuditEvents } from './audit-events.service.js';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service.js';
import { replaceUserAccess, userAccess } from './user-access.service.js';

const tags = ['administration'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 434: ImpersonationErrorSchema };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const read: FastifyContextConfig = { access: { permission: 'can_access_admin_settings' } };
// Administration is never done on someone else's behalf.
const write: FastifyContextConfig = { ...read, forbiddenWhileImpersonating: true };

// Users, groups, permissions, region and business-unit access, the audit trail, and the tenant's
// sign-in security settings.
// What the administration routes use of the process's services.
export type AdministrationRouteDeps = { secretBox: SecretBox };

export async function administrationRoutes(
  app: FastifyInstance,
  deps: AdministrationRouteDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { secretBox } = deps;

  api.get(
    '/api/v1/admin/users/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Users of the tenant, searchable by e-mail and name',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listUsers(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.patch(
    '/api/v1/admin/users/:id/',
    {
      config: write,
      schema: {
        tags,
        summary: "Change a user's groups, direct permissions or activation",
        params: IdParams,
        body: AdminUserUpdateSchema,
        response: { 200: AdminUserSchema, ...writeErrors },
      },
    },
    async (request) => updateUser(userContext(request), request.params.id, request.body, request.ip),
  );

  api.get(
    '/api/v1/admin/users/:id/access/',
    {
      config: read,
      schema: {
        tags,
        summary: "A user's region and business-unit access",
        params: IdParams,
        response: { 200: UserAccessSchema, ...errors },
      },
    },
    async (request) => userAccess(userContext(request), request.params.id),
  );

  api.put(
    '/api/v1/admin/users/:id/access/',
    {
      config: write,
      schema: {
        tags,
        summary: "Replace a user's region and business-unit access",
        params: IdParams,
        body: UserAccessSchema.strict(),
        response: { 200: UserAccessSchema, ...writeErrors },
      },
    },
    async (request) => replaceUserAccess(userContext(request), request.params.id, request.body, request.ip),
  );

  api.get(
    '/api/v1/admin/groups/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Groups with their permissions and member counts',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminGroupsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, count } = await listGroups(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/admin/groups/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a group',
        body: AdminGroupCreateSchema,
        response: { 201: AdminGroupSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const group = await createGroup(userContext(request), request.body, request.ip);
      return reply.status(201).send(group);
    },
  );

  api.patch(
    '/api/v1/admin/groups/:id/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Rename a group or replace its permissions',
        params: IdParams,
        body: AdminGroupUpdateSchema,
        response: { 200: AdminGroupSchema, ...writeErrors },
      },
    },
    async (request) => updateGroup(userContext(request), request.params.id, request.body, request.ip),
  );

  api.delete(
    '/api/v1/admin/groups/:id/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a group (its members keep their other groups)',
        params: IdParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteGroup(userContext(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/v1/admin/permissions/',
    {
      config: read,
      schema: {
        tags,
        summary: 'The permission catalogue groups and users can be granted',
        response: { 200: PermissionsCatalogueSchema, ...errors },
      },
    },
    async () => ({
      results: PERMISSION_CODENAMES.map((codename) => ({ codename, name: PERMISSIONS[codename] })),
    }),
  );

  api.get(
    '/api/v1/admin/audit-events/',
    {
      config: read,
      schema: {
        tags,
        summary: 'The audit trail, newest first',
        querystring: AuditEventsQuerySchema,
        response: { 200: AuditEventsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { action, user_id, limit, offset } = request.query;
      const filter = { action, userId: user_id === undefined ? undefined : String(user_id), limit, offset };
      const { rows, count } = await listAuditEvents(userContext(request), filter);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.get(
    '/api/v1/admin/security-settings/',
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's sign-in security settings (the hCaptcha secret only as set or not)",
        response: { 200: SecuritySettingsSchema, ...errors },
      },
    },
    async (request) => getSecuritySettings(userContext(request)),
  );

  api.patch(
    '/api/v1/admin/security-settings/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change required MFA, session timeouts or captcha; the hCaptcha secret is write-only',
        body: SecuritySettingsUpdateSchema,
        response: { 200: SecuritySettingsSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateSecuritySettings(
        { ...userContext(request), seal: (plain) => secretBox.seal(plain), ip: request.ip },
        request.body,
      ),
  );
}
