import type { ReportEmailAttribute, ReportIntegrationCallAttribute } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';

// The rows of an Integration Call Report (integration runs, `ir`) and of an Email Delivery Report
// (the outbox, `e`): fixed columns chosen by the validated attribute name.
const seconds = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
  sql`(extract(epoch from (${to} - ${from}))::double precision)`;

export const INTEGRATION_CALL_LABELS: Record<ReportIntegrationCallAttribute, string> = {
  id: 'Call id',
  connector: 'Connector',
  state: 'Call state',
  step_tag: 'Step',
  field_tag: 'Field',
  created_at: 'Called at',
  finished_at: 'Finished at',
  duration: 'Call duration',
  is_failed: 'Failed',
};

export function integrationCallExpr(
  attribute: ReportIntegrationCallAttribute,
  now: RawBuilder<unknown>,
): RawBuilder<unknown> {
  switch (attribute) {
    case 'duration':
      return seconds(sql`ir.created_at`, sql`coalesce(ir.finished_at, ${now})`);
    case 'is_failed':
      return sql`(ir.state = 'failed')`;
    default:
      return sql.ref(`ir.${attribute}`);
  }
}

export const EMAIL_LABELS: Record<ReportEmailAttribute, string> = {
  id: 'E-mail id',
  status: 'Delivery status',
  created_at: 'Queued at',
  sent_at: 'Sent at',
  delivery_time: 'Delivery time',
  recipient_domain: 'Recipient domain',
  is_failed: 'Failed',
};

export function emailExpr(attribute: ReportEmailAttribute): RawBuilder<unknown> {
  switch (attribute) {
    case 'delivery_time':
      return seconds(sql`e.created_at`, sql`e.sent_at`);
    case 'recipient_domain':
      return sql`lower(split_part(e.to_address, '@', 2))`;
    case 'is_failed':
      return sql`(e.status = 'failed')`;
    default:
      return sql.ref(`e.${attribute}`);
  }
}
