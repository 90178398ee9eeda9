import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

export type OidcTestAccount = {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

export type OidcTestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProvider = {
  issuer: string;
  // Clients can be added at any time: each test tenant has its own redirect URI.
  registerClient(client: OidcTestClient): Promise<void>;
  // Who signs in at the next login prompt (the provider asks nothing: it is a test double of the
  // person, not of the provider, whose protocol side is the real oidc-provider).
  signInAs(account: OidcTestAccount): void;
  close(): Promise<void>;
};

// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, for the API and end-to-end tests.
export async function startOidcProvider(): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  let current: OidcTestAccount | null = null;
  const adapter = createMemoryAdapter();
  let provider: Provider | null = null;

  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    adapter,
    clients: [],
    // Its own signing key, rather than the library's published development key.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          kid: 'test',
        },
      ],
    },
    cookies: { keys: ['attest-test-oidc-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
  });

  // Login: the chosen account. Consent: everything the client asked for.
  async function interact(
    p: Provider,
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!current) throw new Error('signInAs() was not called before the login prompt');
      accounts.set(current.sub, current);
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new p.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    async registerClient(client) {
      await adapter('Client').upsert(client.clientId, {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      });
    },
    signInAs(account) {
      current = { email_verified: true, ...account };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
