import { containsNul } from '@attest/shared';

// The dotted path of the first string (or object key) holding U+0000 in a parsed request value,
// '' for the value itself, or null when there is none. Iterative, so no depth overflows the stack.
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (containsNul(node)) return path;
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) stack.push([item, join(path, String(index))]);
    } else if (isPlainObject(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (containsNul(key)) return path;
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

// Parsed JSON, query strings (fast-querystring's objects have a bare prototype of their own) and
// params; never a Buffer or a stream of a file upload.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}
