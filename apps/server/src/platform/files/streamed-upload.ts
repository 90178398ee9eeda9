import type { FastifyInstance, FastifyRequest } from 'fastify';

// The routes that take a file as their raw body (an attachment, an import) and stream it to the
// file store: what they read of the request, and the scope they are registered in.

// The file's name from its header, percent-decoded when it can be (it arrives encoded, headers
// being ASCII), as sent otherwise.
export function uploadFileName(request: FastifyRequest, header: string): string {
  const value = request.headers[header];
  const raw = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The body's size as the client declared it, when it declared a usable one.
export function declaredSize(request: FastifyRequest): number | null {
  const size = Number(request.headers['content-length']);
  return Number.isSafeInteger(size) && size >= 0 ? size : null;
}

// No parser reads the body (the app's parsers buffer and stop at 1 MB), so the handler reads
// request.raw only after access is checked; a refusal sent before the whole body arrived closes the
// connection, rather than letting Node read and discard up to the cap of unwanted bytes to reuse it.
export function streamBodiesUnparsed(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  scope.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
  });
}
