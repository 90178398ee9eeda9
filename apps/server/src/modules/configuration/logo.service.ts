import type { Readable } from 'node:stream';
import {
  type Branding,
  CONFIGURATION_PATHS,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
} from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import {
  FileNotFoundError,
  type FileStore,
  FileTooLargeError,
  type StoredFile,
} from '../../platform/files/file-store.js';
import type { TenantContext, UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { contentMatchesType } from '../attachments/index.js';
import { getBranding } from './branding.service.js';
import { configurationRepository } from './configuration.repository.js';

export type LogoUpload = { declaredSize: number | null; body: Readable };

function refusal(message: string) {
  return new BadRequestError(message, { logo: [message] });
}

// The type is what the bytes are, never the file's name or the declared type: a text file named
// logo.png is refused, and so is SVG (script in an image shown on every page).
function recognisedType(head: Buffer) {
  return LOGO_CONTENT_TYPES.find((type) => contentMatchesType(type, head));
}

// Issue 19: the upload replaces the tenant's logo at once (audited), and the configuration names it
// by its content hash, so every browser asks for the new image instead of a cached old one.
export async function uploadLogo(
  ctx: UserContext & { ip: string | null },
  files: FileStore,
  upload: LogoUpload,
): Promise<Branding> {
  if (upload.declaredSize !== null && upload.declaredSize > LOGO_MAX_BYTES)
    throw refusal(LOGO_MESSAGES.tooLarge);
  let stored: StoredFile;
  try {
    stored = await files.put(upload.body, { namespace: `t${ctx.tenant.id}`, maxBytes: LOGO_MAX_BYTES });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw refusal(LOGO_MESSAGES.tooLarge);
    throw error;
  }
  let replaced: string | null = null;
  try {
    if (stored.size === 0) throw refusal(LOGO_MESSAGES.empty);
    const contentType = recognisedType(stored.head);
    if (!contentType) throw refusal(LOGO_MESSAGES.notImage);
    const logo = `${CONFIGURATION_PATHS.logo}?v=${stored.sha256.slice(0, 16)}`;
    replaced = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const row = await configurationRepository.findBranding(tx, ctx.tenant.id);
      if (!row) throw new NotFoundError();
      await configurationRepository.setLogoFile(
        tx,
        ctx.tenant.id,
        { storageKey: stored.storageKey, contentType },
        logo,
      );
      await recordAudit(tx, {
        tenantId: ctx.tenant.id,
        action: 'branding.changed',
        actorUserId: ctx.auth.user.id,
        details: { changed: ['logo'], uploaded: { content_type: contentType, size: stored.size } },
        ipAddress: ctx.ip,
      });
      return row.logo_storage_key;
    });
  } catch (error) {
    await files.delete(stored.storageKey);
    throw error;
  }
  // After the commit: a failed upload leaves the previous logo and its file as they were.
  if (replaced) await files.delete(replaced);
  return getBranding(ctx);
}

export type LogoFileStream = { contentType: string; stream: Readable };

// Public like the configuration itself: the sign-in page shows the logo before anyone signs in.
export async function openLogo(ctx: TenantContext, files: FileStore): Promise<LogoFileStream> {
  const file = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
    configurationRepository.findLogoFile(tx, ctx.tenant.id),
  );
  if (!file) throw new NotFoundError();
  try {
    return { contentType: file.contentType, stream: await files.open(file.storageKey) };
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new NotFoundError();
    throw error;
  }
}
