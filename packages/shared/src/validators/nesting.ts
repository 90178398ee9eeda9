import { z } from 'zod';

type ChildrenOf = (node: unknown) => readonly unknown[];

// Every object property and array item: the generic nesting of a parsed JSON value.
export const allChildren: ChildrenOf = (node) => {
  if (Array.isArray(node)) return node;
  if (node !== null && typeof node === 'object') return Object.values(node);
  return [];
};

// True when `value` nests deeper than `limit` levels along `childrenOf` (the root is level 1).
// Iterative and stopping at the first level over the limit, so a hostile 10,000-deep value costs
// little and never overflows the stack.
export function nestsDeeperThan(
  value: unknown,
  limit: number,
  childrenOf: ChildrenOf = allChildren,
): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return false;
}

// A recursive schema that checks its depth on the raw value BEFORE it recurses: an over-deep value
// is refused with `message` without being parsed at all (issue 12: a 500-deep report took 27 s).
export function withDepthLimit<Output, Input>(
  schema: z.ZodType<Output, Input>,
  options: { limit: number; childrenOf?: ChildrenOf; message: string },
): z.ZodType<Output, Input> {
  // A preprocess, so the OpenAPI document still describes the recursive schema's input; its issue
  // stops the pipe, so the recursive schema never sees the deep value.
  return z.preprocess((value, ctx) => {
    if (nestsDeeperThan(value, options.limit, options.childrenOf)) {
      ctx.addIssue({ code: 'custom', message: options.message, input: value });
    }
    return value;
  }, schema) as unknown as z.ZodType<Output, Input>;
}
