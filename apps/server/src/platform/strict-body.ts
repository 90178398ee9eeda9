// ASVS V4/V5: a body may not carry fields the endpoint does not define (tenant_id, roles, owner...).
// Zod strips unknown keys by default, which silently ignores such attempts; a strict object schema
// refuses them with a 400 instead. The route catalogue records which bodies are strict.
type ZodInternals = { _zod?: { def?: { type?: string; catchall?: ZodInternals } } };

export function isStrictObjectSchema(schema: unknown): boolean {
  const def = (schema as ZodInternals | undefined)?._zod?.def;
  return def?.type === 'object' && def.catchall?._zod?.def?.type === 'never';
}
