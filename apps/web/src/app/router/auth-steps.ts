// The sign-in pages besides the form itself, loaded on demand (routes.tsx): /login downloads only
// its own form.
export * from '../../features/auth/sign-in-steps';
