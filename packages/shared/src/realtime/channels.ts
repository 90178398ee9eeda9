// Private real-time channels (spec 1 §7 prasaran/auth): one per tenant and user, one per tenant and
// workflow. The server alone decides who may join one; a name is only an address.
export type RealtimeChannel =
  | { kind: 'user'; tenantId: string; userId: string }
  | { kind: 'workflow'; tenantId: string; workflowId: string };

export const userChannel = (tenantId: string | number, userId: string | number) =>
  `private-tenant-${tenantId}-user-${userId}`;

export const workflowChannel = (tenantId: string | number, workflowId: string | number) =>
  `private-tenant-${tenantId}-workflow-${workflowId}`;

const CHANNEL_PATTERN = /^private-tenant-([1-9][0-9]{0,15})-(user|workflow)-([1-9][0-9]{0,15})$/;

// Null for anything that is not exactly one of the two shapes above.
export function parseChannel(name: string): RealtimeChannel | null {
  const match = CHANNEL_PATTERN.exec(name);
  if (!match) return null;
  const [, tenantId, kind, id] = match as unknown as [string, string, 'user' | 'workflow', string];
  return kind === 'user' ? { kind, tenantId, userId: id } : { kind, tenantId, workflowId: id };
}
