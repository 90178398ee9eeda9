import { BRANDS, LOGIN_CODE_TTL_MINUTES, MAGIC_LINK_TTL_MINUTES } from '@attest/shared';
import type { EmailMessage } from '../../../platform/mail/outbox.repository.js';
import type { Tenant } from '../../../platform/request-context.js';

type Recipient = { email: string; first_name: string };

function greeting(recipient: Recipient): string {
  return recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,';
}

export function loginCodeEmail(tenant: Tenant, recipient: Recipient, code: string): EmailMessage {
  const brand = BRANDS[tenant.brand].title;
  return {
    to: recipient.email,
    subject: `Your ${brand} sign-in code`,
    text: [
      greeting(recipient),
      '',
      `Your code to sign in to ${brand} (${tenant.name}) is:`,
      '',
      `    ${code}`,
      '',
      `It expires in ${LOGIN_CODE_TTL_MINUTES} minutes and can be used once.`,
      '',
      'If you did not ask for this code, you can ignore this e-mail: nobody can sign in without it.',
      '',
      brand,
    ].join('\n'),
  };
}

export function magicLinkEmail(tenant: Tenant, recipient: Recipient, link: string): EmailMessage {
  const brand = BRANDS[tenant.brand].title;
  return {
    to: recipient.email,
    subject: `Sign in to ${brand}`,
    text: [
      greeting(recipient),
      '',
      `Open this link to sign in to ${brand} (${tenant.name}):`,
      '',
      link,
      '',
      `The link expires in ${MAGIC_LINK_TTL_MINUTES} minutes and works once.`,
      '',
      'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the link.',
      '',
      brand,
    ].join('\n'),
  };
}
