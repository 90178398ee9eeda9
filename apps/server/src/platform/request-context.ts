import type { BrandKey, PermissionCodename } from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { NotAuthenticatedError, NotFoundError } from './errors.js';

export type Tenant = { id: string; slug: string; name: string; brand: BrandKey };

export type SessionUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  kind: number;
  prefered_language: string | null;
  timezone: string | null;
  user_profile_workflow_id: string | null;
};

export type Impersonator = { userId: string; sessionId: string | null; email: string; name: string };

export type AuthState = {
  sessionId: string;
  tokenHash: Buffer;
  csrfToken: string;
  authMethod: string;
  mfaVerified: boolean;
  // The tenant requires MFA and this user has not enrolled: only enrolment is open to them.
  mfaEnrolmentRequired: boolean;
  // Set while an administrator acts as this user.
  impersonator: Impersonator | null;
  user: SessionUser;
  permissions: ReadonlySet<PermissionCodename>;
};

// What every service call receives first: who is asking, for which tenant, through which database.
export type TenantContext = { tenant: Tenant; db: Db };
export type UserContext = TenantContext & { auth: AuthState };

export function tenantContext(request: FastifyRequest): TenantContext {
  if (!request.tenant) throw new NotFoundError();
  return { tenant: request.tenant, db: request.server.db };
}

export function userContext(request: FastifyRequest): UserContext {
  const ctx = tenantContext(request);
  if (!request.auth) throw new NotAuthenticatedError();
  return { ...ctx, auth: request.auth };
}
