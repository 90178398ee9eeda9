import type { ImpersonationErrorTag, PermissionCodename } from '@attest/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { RouteAccessEntry } from './access-control.js';
import type { AuthState, Tenant } from './request-context.js';
import type { TenantDirectory } from './tenancy/tenant-directory.js';

// Who may call a route. Every /api route must declare one; registration fails otherwise.
export type RouteAccess = 'public' | 'authenticated' | { permission: PermissionCodename };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tenants: TenantDirectory;
    // Every /api route with its declared access rule, for the test that walks them all.
    routeAccess: RouteAccessEntry[];
  }
  interface FastifyRequest {
    tenant: Tenant | null;
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    // Answered even while the tenant is in maintenance (the configuration call itself).
    allowDuringMaintenance?: boolean;
    // Open to a session that must enrol in MFA first (me, permissions, logout, enrolment itself).
    allowDuringMfaEnrolment?: boolean;
    // Never done on someone's behalf (password, MFA, invitations, admin changes): answered 434 while
    // impersonating, with this error_tag when given.
    forbiddenWhileImpersonating?: true | ImpersonationErrorTag;
    // Never through an API token, only in a person's session (the token routes themselves, issue 19).
    sessionOnly?: true;
    // A write method that writes nothing (the report preview's POST): its reads may go to the read
    // replica, and it marks no recent write (platform/read-replica/read-your-writes.ts).
    readOnly?: true;
  }
}
