import type { Tx } from '../../platform/tenant-transaction.js';
import { slug } from './demo-names.js';

// The people of acme's third-party-risk teams beside the demo's sign-in accounts, so the work in the
// portfolio has many names on it. They have no password: they appear as creators, submitters and
// assignees; visitors sign in as admin or analyst. A null region means every region.
const COLLEAGUES = [
  { first: 'Priya', last: 'Raman', team: 'Procurement', region: 'Europe' },
  { first: 'Lukas', last: 'Becker', team: 'Procurement', region: 'Europe' },
  { first: 'María', last: 'González', team: 'Procurement', region: 'North America' },
  { first: 'Kenji', last: 'Sato', team: 'Procurement', region: 'Asia Pacific' },
  { first: 'Chloé', last: 'Martin', team: 'Compliance', region: null },
  { first: 'Daniel', last: 'Okafor', team: 'Compliance', region: null },
  { first: 'Sofia', last: 'Rossi', team: 'Third-Party Risk', region: null },
  { first: 'James', last: 'Whitfield', team: 'Third-Party Risk', region: null },
  { first: 'Aisha', last: 'Khan', team: 'Information Security', region: null },
  { first: 'Henrik', last: 'Larsen', team: 'Risk Committee', region: null },
  { first: 'Olivia', last: 'Brooks', team: 'Legal', region: null },
  { first: 'Tomás', last: 'Silva', team: 'Legal', region: null },
] as const;

// Every query names the tenant: the seed runs as the tables' owner, past row-level security.
export async function addDemoColleagues(tx: Tx, tenantId: string, domain: string): Promise<void> {
  const [groups, regions] = await Promise.all([
    tx.selectFrom('groups').select(['id', 'name']).where('tenant_id', '=', tenantId).execute(),
    tx.selectFrom('regions').select(['id', 'name']).where('tenant_id', '=', tenantId).execute(),
  ]);
  const users = await tx
    .insertInto('users')
    .values(
      COLLEAGUES.map((c) => ({
        tenant_id: tenantId,
        email: `${slug(c.first)}.${slug(c.last)}@${domain}`,
        password_hash: null,
        first_name: c.first,
        last_name: c.last,
        kind: 1,
        prefered_language: null,
      })),
    )
    .returning('id')
    .execute();
  const memberships = COLLEAGUES.flatMap((c, i) => {
    const group = groups.find((g) => g.name === c.team);
    const user = users[i];
    return group && user ? [{ tenant_id: tenantId, user_id: user.id, group_id: group.id }] : [];
  });
  if (memberships.length > 0) await tx.insertInto('user_groups').values(memberships).execute();
  const access = COLLEAGUES.flatMap((c, i) => {
    const user = users[i];
    if (!user) return [];
    return regions
      .filter((r) => c.region === null || r.name === c.region)
      .map((r) => ({ tenant_id: tenantId, user_id: user.id, region_id: r.id, access: 'full' as const }));
  });
  if (access.length > 0) await tx.insertInto('user_region_access').values(access).execute();
}
