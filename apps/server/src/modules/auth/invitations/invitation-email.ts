import { BRANDS, INVITATION_TTL_DAYS } from '@attest/shared';
import type { EmailMessage } from '../../../platform/mail/outbox.repository.js';
import type { Tenant } from '../../../platform/request-context.js';

export function invitationEmail(
  tenant: Tenant,
  invitee: { email: string; first_name: string },
  inviterName: string,
  link: string,
): EmailMessage {
  const brand = BRANDS[tenant.brand].title;
  return {
    to: invitee.email,
    subject: `You are invited to ${brand}`,
    text: [
      `Hello ${invitee.first_name},`,
      '',
      `${inviterName} has invited you to ${tenant.name} on ${brand}.`,
      '',
      'Open this link to choose your password and sign in:',
      '',
      link,
      '',
      `The invitation expires in ${INVITATION_TTL_DAYS} days and works once.`,
      'If you were not expecting it, you can ignore this e-mail.',
      '',
      brand,
    ].join('\n'),
  };
}
