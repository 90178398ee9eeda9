import type { Writable } from 'node:stream';

// Until a stream full of data can take more: its 'drain', or the error it was destroyed with (a stream
// destroyed before or while waiting never drains, and its 'error' may already have been emitted).
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error('The output was closed'));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(stream.errored ?? new Error('The output was closed'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
