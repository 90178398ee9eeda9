// Checks one captcha answer with its provider. A verifier never throws: any failure refuses.
export type CaptchaVerifier = { verify(token: string, remoteIp: string | null): Promise<boolean> };

// The verifier for one tenant, built from its own secret. buildApp takes one, so tests use a local
// verifier and never call the provider.
export type CaptchaVerifierFactory = (secret: string) => CaptchaVerifier;
