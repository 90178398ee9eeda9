import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from './test-app.js';

// Follows a single sign-on round trip as a browser would: the API through the TestClient, the
// provider over real HTTP with its own cookie jar, until the API redirects to a page of the web app.
export class SsoBrowser {
  private readonly providerCookies = new Map<string, string>();
  // The provider's redirect back to the API, kept so that a test can replay it.
  callbackPath: string | null = null;

  constructor(
    private readonly client: TestClient,
    private readonly issuer: string,
  ) {}

  async open(path: string): Promise<{ location: string; response: LightMyRequestResponse }> {
    let response = await this.client.get(path);
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.location;
      if (typeof location !== 'string')
        throw new Error(`Expected a redirect from ${path}, got ${response.statusCode}`);
      if (location.startsWith('/')) return { location, response };
      const url = new URL(location);
      if (url.origin === this.issuer) {
        const back = await this.followProvider(url);
        this.callbackPath = `${back.pathname}${back.search}`;
        response = await this.client.get(this.callbackPath);
      } else {
        throw new Error(`Unexpected redirect to ${location}`);
      }
    }
    throw new Error('Too many redirects');
  }

  // Through the provider's authorize, interaction and resume steps, until it sends the browser away.
  private async followProvider(start: URL): Promise<URL> {
    let url = start;
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
      for (const cookie of response.headers.getSetCookie()) this.keepCookie(cookie);
      const location = response.headers.get('location');
      if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
      if (url.origin !== this.issuer) return url;
    }
    throw new Error('Too many redirects at the provider');
  }

  private cookieHeader(): string {
    return [...this.providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookie(header: string): void {
    const [pair = ''] = header.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.providerCookies.delete(name);
    else this.providerCookies.set(name, value);
  }
}
