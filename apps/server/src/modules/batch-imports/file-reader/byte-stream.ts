import { FileReaderError } from './file-reader-error.js';

// The upload as Buffers, refused as soon as it passes maxBytes: counted while it streams, so a huge
// upload is stopped at the limit, never read to its end.
export async function* limitedBytes(
  source: AsyncIterable<Buffer | string | Uint8Array>,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const piece of source) {
    const chunk =
      typeof piece === 'string'
        ? Buffer.from(piece)
        : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    total += chunk.length;
    if (total > maxBytes) throw FileReaderError.of('fileTooLarge', { limitBytes: maxBytes });
    if (chunk.length > 0) yield chunk;
  }
}

export type Peeked = { head: Buffer; rest: AsyncGenerator<Buffer> };

// Reads chunks until `enough(head)` holds or the stream ends, and gives back those bytes and a stream
// that starts with them again: the format and the delimiter are decided before anything is parsed.
export async function peek(
  chunks: AsyncGenerator<Buffer>,
  enough: (head: Buffer) => boolean,
): Promise<Peeked> {
  const taken: Buffer[] = [];
  let head = Buffer.alloc(0);
  while (!enough(head)) {
    const next = await chunks.next();
    if (next.done) break;
    taken.push(next.value);
    head = Buffer.concat([head, next.value]);
  }
  async function* rest(): AsyncGenerator<Buffer> {
    try {
      yield* taken;
      yield* chunks;
    } finally {
      // Stopping early (an error, a consumer that breaks) ends the source too.
      await chunks.return(undefined);
    }
  }
  return { head, rest: rest() };
}
