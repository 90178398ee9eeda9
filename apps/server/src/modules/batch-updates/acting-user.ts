import type { BrandKey } from '@attest/shared';
import type { Db } from '../../db/database.js';
import { sessionsRepository } from '../../platform/auth/sessions.repository.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// The person a batch update's job acts for (its creator; for undo, who asked for it), as a request
// of theirs would: their grants decide what the engine lets the job change, and the activity log
// names them. A job has no session, so the session's own fields are empty. Undefined when the user
// no longer exists or was deactivated.
export async function actingUser(
  tx: Tx,
  db: Db,
  tenantId: string,
  userId: string | null,
): Promise<UserContext | undefined> {
  if (userId === null) return undefined;
  const tenant = await tx
    .selectFrom('tenants')
    .select(['id', 'slug', 'name', 'brand'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  const user = await tx
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'kind',
      'prefered_language',
      'timezone',
      'user_profile_workflow_id',
    ])
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!tenant || !user) return undefined;
  return {
    db,
    tenant: { ...tenant, brand: tenant.brand as BrandKey },
    auth: {
      sessionId: '',
      tokenHash: Buffer.alloc(0),
      csrfToken: '',
      authMethod: 'job',
      mfaVerified: true,
      mfaEnrolmentRequired: false,
      impersonator: null,
      user,
      permissions: await sessionsRepository.permissionsOf(tx, userId),
    },
  };
}
