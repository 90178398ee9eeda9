import { type AdminUser, ERROR_CODES, INVITATION_TTL_DAYS, SERVER_MESSAGES } from '@attest/shared';
import type { Config } from '../../../config.js';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import { oneTimeTokensRepository } from '../../../platform/auth/one-time-tokens.repository.js';
import { assertNewPassword } from '../../../platform/auth/password-policy.js';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { hashToken, newToken } from '../../../platform/auth/session-token.js';
import { type ClientInfo, completeFirstFactor, type SignInOutcome } from '../../../platform/auth/sign-in.js';
import { signInThrottle, type ThrottleSubject } from '../../../platform/auth/sign-in-throttle.js';
import { AppError, BadRequestError } from '../../../platform/errors.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { tenantPublicUrl } from '../../../platform/mail/public-url.js';
import type { TenantContext, UserContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { invitationEmail } from './invitation-email.js';
import { invitationsRepository } from './invitations.repository.js';

export const INVITATION_ACCEPT_PATH = '/login/invitation';
// Deliberately loose: one @, a dot in the domain, no spaces. Delivery is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailTaken = () =>
  new BadRequestError(SERVER_MESSAGES.emailTaken, { email: [SERVER_MESSAGES.emailTaken] });
const invitationExpired = () =>
  new AppError(400, ERROR_CODES.tokenExpired, SERVER_MESSAGES.invitationExpired);

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

// Third-party (supplier) users: an administrator invites them by e-mail; they choose a password
// through the link and are signed in (spec 1 sections 1 and 3; issue 3).
export function createInvitationsService(deps: { config: Config; mail: Mailer }) {
  return {
    async invite(
      ctx: UserContext,
      input: { email: string; first_name: string; last_name: string },
      ipAddress: string | null,
    ): Promise<AdminUser> {
      if (!EMAIL_PATTERN.test(input.email)) {
        throw new BadRequestError(SERVER_MESSAGES.invalidEmail, { email: [SERVER_MESSAGES.invalidEmail] });
      }
      const inviterName =
        `${ctx.auth.user.first_name} ${ctx.auth.user.last_name}`.trim() || ctx.auth.user.email;
      const { user, queued } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        if (await invitationsRepository.emailTaken(tx, input.email)) throw emailTaken();
        const user = await invitationsRepository.createSupplier(tx, ctx.tenant.id, input);
        const token = newToken();
        await oneTimeTokensRepository.insert(tx, {
          tenantId: ctx.tenant.id,
          userId: user.id,
          purpose: 'invitation',
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        });
        await recordAudit(tx, {
          tenantId: ctx.tenant.id,
          action: 'user.invited',
          actorUserId: ctx.auth.user.id,
          targetUserId: user.id,
          details: { email: user.email, kind: user.kind },
          ipAddress,
        });
        const link = tenantPublicUrl(deps.config, ctx.tenant.slug, INVITATION_ACCEPT_PATH, { token });
        const queued = await deps.mail.queue(
          tx,
          ctx.tenant.id,
          invitationEmail(ctx.tenant, user, inviterName, link),
        );
        return { user, queued };
      }).catch((error: unknown) => {
        // Two administrators inviting the same address at once: the unique index decides.
        throw isUniqueViolation(error) ? emailTaken() : error;
      });
      await deps.mail.dispatch([queued]);
      return {
        id: Number(user.id),
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        kind: user.kind,
        is_active: user.is_active,
        groups: [],
        extra_permissions: [],
        mfa_enrolled: false,
        invited_at: user.invited_at?.toISOString() ?? null,
        created_at: user.created_at.toISOString(),
      };
    },

    async accept(
      ctx: TenantContext,
      input: { token: string; password: string },
      client: ClientInfo,
    ): Promise<SignInOutcome> {
      const tokenHash = hashToken(input.token);
      // Only the address is counted: the token is the secret, there is no account name to lock.
      const throttle: ThrottleSubject = { purpose: 'invitation', address: client.ipAddress };
      const invitee = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        await signInThrottle.assertAllowed(tx, ctx.tenant.id, throttle);
        const live = await oneTimeTokensRepository.findUsable(tx, 'invitation', tokenHash);
        if (!live) {
          await signInThrottle.recordFailure(tx, ctx.tenant.id, throttle);
          return undefined;
        }
        return invitationsRepository.findInvitee(tx, live.user_id);
      });
      if (!invitee) throw invitationExpired();
      const name = `${invitee.first_name} ${invitee.last_name}`;
      assertNewPassword(input.password, { email: invitee.email, name }, 'password');
      // Hashing is slow: outside any transaction, and only once the token and the policy passed.
      const passwordHash = await hashPassword(input.password);
      const userId = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
        const used = await oneTimeTokensRepository.consume(tx, 'invitation', tokenHash);
        if (!used) return null;
        await invitationsRepository.setPassword(tx, used.user_id, passwordHash);
        await recordAudit(tx, {
          tenantId: ctx.tenant.id,
          action: 'invitation.accepted',
          actorUserId: used.user_id,
          targetUserId: used.user_id,
          ipAddress: client.ipAddress,
        });
        return used.user_id;
      });
      if (!userId) throw invitationExpired();
      return completeFirstFactor(ctx, { userId, firstFactor: 'invitation', client });
    },
  };
}
