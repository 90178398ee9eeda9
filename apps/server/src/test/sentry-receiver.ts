import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll } from 'vitest';

export type EnvelopeItem = { header: Record<string, unknown>; payload: Record<string, unknown> };
export type Envelope = { path: string; header: Record<string, unknown>; items: EnvelopeItem[] };

// Sentry's envelope format: a JSON header line, then per item a JSON header line and its payload
// (of `length` bytes when the header says so, else up to the next newline).
export function parseEnvelope(path: string, body: Buffer): Envelope {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end < 0 ? body.length : end).toString('utf8');
    offset = end < 0 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const text = line();
    if (!text) continue;
    const itemHeader = JSON.parse(text) as Record<string, unknown>;
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload: JSON.parse(payload) as Record<string, unknown> });
  }
  return { path, header, items };
}

// A local stand-in for the error-reporting service: accepts envelopes at /api/<project>/envelope/
// as Sentry does and keeps them, parsed, for the file's tests (closed after them).
export async function startSentryReceiver() {
  const envelopes: Envelope[] = [];
  const raw: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (request.method === 'POST' && /^\/api\/\d+\/envelope\//.test(request.url ?? '')) {
        raw.push(body.toString('utf8'));
        envelopes.push(parseEnvelope(request.url ?? '', body));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    // Every byte received, to prove that a secret was not among them.
    raw,
    // The event items (errors) received so far.
    events: () =>
      envelopes.flatMap((e) => e.items.filter((i) => i.header.type === 'event').map((i) => i.payload)),
  };
}
