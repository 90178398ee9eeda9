import {
  SCHEDULER_MESSAGES,
  type ScheduledExportDestination,
  type ScheduledExportDestinationInputSchema,
} from '@attest/shared';
import type { z } from 'zod';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { BadRequestError } from '../../platform/errors.js';

// A destination's credentials: sealed together by the secret box into one column, never answered.
export type DestinationSecrets = {
  password?: string;
  private_key?: string;
  passphrase?: string;
  access_key_id?: string;
  secret_access_key?: string;
};

type DestinationInput = z.output<typeof ScheduledExportDestinationInputSchema>;
const SECRET_KEYS = ['password', 'private_key', 'passphrase', 'access_key_id', 'secret_access_key'] as const;

// The settings to store (no credential in them) and the credentials to seal: those sent, else the
// ones kept for the same kind of destination (an edit that leaves the password field empty).
export function splitDestination(
  input: DestinationInput,
  kept: DestinationSecrets | null,
): { settings: Record<string, unknown>; secrets: DestinationSecrets | null } {
  const settings: Record<string, unknown> = {};
  const sent: DestinationSecrets = {};
  for (const [key, value] of Object.entries(input)) {
    if ((SECRET_KEYS as readonly string[]).includes(key)) {
      if (typeof value === 'string' && value !== '') sent[key as keyof DestinationSecrets] = value;
    } else settings[key] = value;
  }
  if (input.kind === 'email') return { settings, secrets: null };
  const secrets = { ...(kept ?? {}), ...sent };
  if (input.kind === 'sftp') {
    // A new password replaces a kept key and the other way round: one way to sign in at a time.
    if (sent.password) delete secrets.private_key;
    if (sent.private_key) delete secrets.password;
    if (!secrets.password && !secrets.private_key) {
      throw new BadRequestError(SCHEDULER_MESSAGES.secretRequired, {
        'destination.password': [SCHEDULER_MESSAGES.secretRequired],
      });
    }
  }
  if (input.kind === 's3' && (!secrets.access_key_id || !secrets.secret_access_key)) {
    throw new BadRequestError(SCHEDULER_MESSAGES.s3SecretRequired, {
      'destination.secret_access_key': [SCHEDULER_MESSAGES.s3SecretRequired],
    });
  }
  return { settings, secrets };
}

export const sealSecrets = (box: SecretBox, secrets: DestinationSecrets | null): string | null =>
  secrets ? box.seal(JSON.stringify(secrets)) : null;

export const openSecrets = (box: SecretBox, sealed: string | null): DestinationSecrets =>
  sealed ? (JSON.parse(box.open(sealed)) as DestinationSecrets) : {};

// The destination as the API answers it: whether a credential is kept, never the credential.
export function publicDestination(
  kind: string,
  settings: Record<string, unknown>,
  secrets: DestinationSecrets,
): ScheduledExportDestination {
  if (kind === 'sftp') {
    return {
      ...settings,
      kind: 'sftp',
      has_password: Boolean(secrets.password),
      has_private_key: Boolean(secrets.private_key),
    } as ScheduledExportDestination;
  }
  if (kind === 's3') {
    return {
      ...settings,
      kind: 's3',
      has_credentials: Boolean(secrets.access_key_id && secrets.secret_access_key),
    } as ScheduledExportDestination;
  }
  return { ...settings, kind: 'email' } as ScheduledExportDestination;
}
