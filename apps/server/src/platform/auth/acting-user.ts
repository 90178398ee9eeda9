import type { BrandKey } from '@attest/shared';
import type { Db } from '../../db/database.js';
import type { UserContext } from '../request-context.js';
import type { Tx } from '../tenant-transaction.js';
import { sessionsRepository } from './sessions.repository.js';

// The person a background job acts for (a batch import's or update's creator; for undo, who asked
// for it), as a request of theirs would: their grants decide what the engine lets the job change,
// and the activity log names them. A job has no session, so the session's own fields are empty.
// Undefined when the user no longer exists or was deactivated.
export async function actingUser(
  tx: Tx,
  db: Db,
  tenantId: string,
  userId: string | null,
): Promise<UserContext | undefined> {
  if (userId === null) return undefined;
  const { tenant, user } = await sessionsRepository.actorOf(tx, tenantId, userId);
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
