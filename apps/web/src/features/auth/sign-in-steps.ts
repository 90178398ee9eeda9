// The sign-in's further steps (a second factor, a code, a magic link, an invitation): a public face
// of their own, apart from index.ts, so the router loads them on demand and the entry chunk /login
// downloads holds only the sign-in form (issue 14's first-load budget).
export { InvitationPage } from './components/invitation-page';
export { MagicLinkConfirmPage } from './components/magic-link-confirm-page';
export { MagicLinkRequestPage } from './components/magic-link-request-page';
export { MfaPage } from './components/mfa-page';
export { OtpPage } from './components/otp-page';
