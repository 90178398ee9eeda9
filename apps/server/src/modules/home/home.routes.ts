import {
  ApiErrorSchema,
  HOME_PATHS,
  HomePageConfigSchema,
  HomeSchema,
  HomeSectionQuerySchema,
  HomeWorkflowsPageSchema,
  ImpersonationErrorSchema,
  ShortcutParamsSchema,
  ShortcutParentsQuerySchema,
  StoredHomePageConfigSchema,
} from '@attest/shared';
import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { getHome, homeSection, shortcutParents } from './home.service.js';
import { getStoredHomePageConfig, setHomePageConfig } from './home-config.service.js';

const tags = ['home'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const signedIn: FastifyContextConfig = { access: 'authenticated' };
// Administration is never done on someone else's behalf (as branding).
const administer: FastifyContextConfig = {
  access: { permission: 'can_access_admin_settings' },
  forbiddenWhileImpersonating: true,
};

// Spec 2 §5: an invalid stored configuration is logged and ignored, never shown as an error.
const problemLog = (log: FastifyBaseLogger) => (problems: string[]) =>
  log.warn({ problems }, 'c2_home_page_config: invalid parts ignored');

// Issue 16: the home page (spec 2 §1, §3.9, §9.4) and its administration.
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    HOME_PATHS.home,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The tenant's home page configuration: shortcuts, process shortcuts, message, report",
        description:
          'Validated as spec 2 §5 says: an invalid configuration is ignored, a bad shortcut skipped.',
        response: { 200: HomeSchema, ...errors },
      },
    },
    async (request) => getHome(userContext(request), problemLog(request.log)),
  );

  api.get(
    HOME_PATHS.following,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Workflows whose discussions you follow, last changed first',
        querystring: HomeSectionQuerySchema,
        response: { 200: HomeWorkflowsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await homeSection(userContext(request), 'following', request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.get(
    HOME_PATHS.requested,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Workflows you started, newest first, with their status',
        querystring: HomeSectionQuerySchema,
        response: { 200: HomeWorkflowsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await homeSection(userContext(request), 'requested', request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.get(
    '/api/v1/home/shortcuts/:index/parents/',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'The workflows a shortcut starts from: of its kind, in an allowed status, visible to you; to create a child, also changeable by you (full access) with its step open',
        params: ShortcutParamsSchema,
        querystring: ShortcutParentsQuerySchema,
        response: { 200: HomeWorkflowsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await shortcutParents(
        userContext(request),
        request.params.index,
        request.query,
        problemLog(request.log),
      );
      return pageResponse(request, results, count, request.query);
    },
  );

  api.get(
    HOME_PATHS.adminConfig,
    {
      config: { access: { permission: 'can_access_admin_settings' } },
      schema: {
        tags,
        summary: "The tenant's home page configuration as stored (c2_home_page_config), null when unset",
        description: 'Answered as stored, even when the home page ignores it as invalid (spec 2 §5).',
        response: { 200: StoredHomePageConfigSchema, ...errors },
      },
    },
    async (request) => getStoredHomePageConfig(userContext(request)),
  );

  api.put(
    HOME_PATHS.adminConfig,
    {
      config: administer,
      schema: {
        tags,
        summary: "Set the tenant's home page configuration (c2_home_page_config)",
        description: 'Refused with every schema problem (spec 2 §5 messages) as 400; nothing is stored then.',
        body: HomePageConfigSchema,
        response: { 200: HomePageConfigSchema, ...errors, 434: ImpersonationErrorSchema },
      },
    },
    async (request) => setHomePageConfig({ ...userContext(request), ip: request.ip }, request.body),
  );
}
