import http from 'node:http';

// A signed-in browser's requests to the in-process API over loopback: node:http rather than fetch,
// because the Host header names the tenant.
export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function call(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${url}: no answer in 120 s`)));
    req.end(body);
  });
}

const cookieValue = (reply: Reply, name: string) =>
  (reply.headers['set-cookie'] ?? []).map((c) => new RegExp(`^${name}=([^;]+)`).exec(c)?.[1]).find(Boolean) ??
  '';

export type Session = {
  host: string;
  // For GETs: the session cookie. For writes: with the CSRF cookie and header.
  headers: Record<string, string>;
  writeHeaders: Record<string, string>;
};

export async function signIn(port: number, host: string, email: string, password: string): Promise<Session> {
  const csrf = cookieValue(
    await call(port, 'GET', '/api/v1/customers/configuration/', { host }),
    'csrftoken',
  );
  const login = await call(
    port,
    'POST',
    '/api/v1/users/login/',
    { host, 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    JSON.stringify({ email, password }),
  );
  if (login.status !== 200) throw new Error(`Sign-in failed (${login.status}): ${login.body}`);
  const session = cookieValue(login, 'sessionid');
  // Signing in rotates the CSRF token.
  const token = cookieValue(login, 'csrftoken') || csrf;
  return {
    host,
    headers: { host, cookie: `sessionid=${session}` },
    writeHeaders: {
      host,
      cookie: `sessionid=${session}; csrftoken=${token}`,
      'x-csrftoken': token,
      'content-type': 'application/json',
    },
  };
}

export function closeAgent(): void {
  agent.destroy();
}
