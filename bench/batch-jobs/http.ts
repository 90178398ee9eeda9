import http from 'node:http';

// One request to the in-process API with a body of any size and a long wait: an upload of 100,000
// rows, and a mapping whose preview checks them all in the request, may take minutes on a slow
// machine (dashboard/session.ts's call gives up after 120 s).
export type Answer = { status: number; body: string; ms: number };

export function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.setTimeout(1_800_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 minutes`)));
    req.end(body);
  });
}

// The answer's JSON when it has the status expected; otherwise the benchmark stops and says why.
export function expectStatus<T>(answer: Answer, status: number, what: string): T {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} instead of ${status}: ${answer.body.slice(0, 500)}`);
  }
  return JSON.parse(answer.body) as T;
}

export const perSecond = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001));
