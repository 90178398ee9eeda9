import { BRANDS } from '@attest/shared';
import type { Tenant } from '../request-context.js';
import type { EmailMessage } from './outbox.repository.js';

// ASVS 2.2.3 / 2.5.5: people are told when their password or second factor changes, so a change
// they did not make is noticed.
export type SecurityChange =
  | 'password_changed'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'recovery_codes_regenerated';

const WHAT_CHANGED: Record<SecurityChange, { subject: string; sentence: string }> = {
  password_changed: {
    subject: 'Your password was changed',
    sentence: 'The password of your account was changed.',
  },
  mfa_enabled: {
    subject: 'An authenticator app was added to your account',
    sentence: 'An authenticator app was set up for signing in to your account.',
  },
  mfa_disabled: {
    subject: 'The authenticator app was removed from your account',
    sentence: 'The authenticator app was removed from your account; signing in now needs only one factor.',
  },
  recovery_codes_regenerated: {
    subject: 'New recovery codes were created for your account',
    sentence: 'New recovery codes were created for your account; the previous ones no longer work.',
  },
};

export function securityNoticeEmail(
  tenant: Tenant,
  recipient: { email: string; first_name: string },
  change: SecurityChange,
  context: { ipAddress: string | null; at?: Date },
): EmailMessage {
  const brand = BRANDS[tenant.brand].title;
  const what = WHAT_CHANGED[change];
  const when = (context.at ?? new Date()).toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: recipient.email,
    subject: `${brand}: ${what.subject}`,
    text: [
      recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,',
      '',
      `${what.sentence} (${brand}, ${tenant.name}, ${recipient.email})`,
      '',
      `When: ${when} UTC${context.ipAddress ? `, from the address ${context.ipAddress}` : ''}.`,
      '',
      'If this was you, there is nothing to do.',
      'If it was not, sign in and change your password at once, and tell your administrator.',
      '',
      brand,
    ].join('\n'),
  };
}

// NIST SP 800-63B 5.2.2: a lockout must not lock the owner out. Anyone who knows an e-mail can
// trigger one, so the owner is told what happened and how to sign in anyway: by a code or link sent
// to this very address (or single sign-on), which the password lock does not stop.
export function lockoutNoticeEmail(
  tenant: Tenant,
  recipient: { email: string; first_name: string },
  context: { lockedUntil: Date; ipAddress: string | null; emailSignInUrl: string; ssoAvailable: boolean },
): EmailMessage {
  const brand = BRANDS[tenant.brand].title;
  const until = context.lockedUntil.toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: recipient.email,
    subject: `${brand}: Password sign-in to your account is paused`,
    text: [
      recipient.first_name ? `Hello ${recipient.first_name},` : 'Hello,',
      '',
      `Someone tried to sign in to your account (${brand}, ${tenant.name}, ${recipient.email}) with a wrong password too many times${context.ipAddress ? `, last from the address ${context.ipAddress}` : ''}.`,
      `To protect it, signing in with your password is paused until ${until} UTC.`,
      '',
      'You can still sign in now with a one-time code or a sign-in link sent to this address:',
      '',
      context.emailSignInUrl,
      '',
      ...(context.ssoAvailable ? ['Single sign-on also still works.', ''] : []),
      'If it was not you, nobody has signed in: consider changing your password once you are signed in.',
      '',
      brand,
    ].join('\n'),
  };
}
