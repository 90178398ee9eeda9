import {
  BRANDS,
  type BrandKey,
  type ScheduledExportTestRequestSchema,
  type ScheduledExportTestResult,
} from '@attest/shared';
import type { z } from 'zod';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { testResult, testS3, testSftp } from './destinations/connection-test.js';
import { testEmails } from './destinations/email-destination.js';
import type { S3Settings } from './destinations/s3-destination.js';
import type { SftpSettings } from './destinations/sftp-destination.js';
import { schedulesRepository as repo } from './scheduler.repository.js';
import { assertMay, type SchedulerDeps } from './scheduler.service.js';
import { type DestinationSecrets, openSecrets, splitDestination } from './scheduler-secrets.js';
import { sourcesRepository } from './scheduler-sources.repository.js';

type TestRequest = z.output<typeof ScheduledExportTestRequestSchema>;

// "Test connection" / "Send a test e-mail" with the form's values, before saving: the same
// permission as saving that kind, and the same rule for blank credentials (the edited schedule's).
// The database is read first and closed; the network is tried outside any transaction.
export async function testScheduledExportDestination(
  ctx: UserContext,
  deps: SchedulerDeps,
  body: TestRequest,
): Promise<ScheduledExportTestResult> {
  const { destination } = body;
  assertMay(ctx, destination.kind, 'change');
  if (destination.kind === 'email') {
    // Queued in the outbox (SMTP when configured), like the exports' own e-mails.
    const queued = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const tenant = await sourcesRepository.tenant(tx, ctx.tenant.id);
      const brand = BRANDS[tenant.brand as BrandKey]?.title ?? 'Attest';
      const out = [];
      for (const message of testEmails({ brand, emails: destination.emails })) {
        out.push(await deps.mail.queue(tx, ctx.tenant.id, message));
      }
      return out;
    });
    await deps.mail.dispatch(queued);
    return testResult('email_sent');
  }
  const { settings, secrets } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    let kept: DestinationSecrets | null = null;
    if (body.schedule_id !== null) {
      const row = await repo.find(tx, ctx.tenant.id, String(body.schedule_id));
      if (!row) throw new NotFoundError();
      if (row.destination_kind === destination.kind) kept = openSecrets(deps.secretBox, row.secrets_sealed);
    }
    return splitDestination(destination, kept);
  });
  if (destination.kind === 'sftp') return testSftp(settings as SftpSettings, secrets ?? {});
  return testS3(settings as S3Settings, secrets ?? {});
}
