import { describe, expect, it } from 'vitest';
import { OBJECT_TYPE_PUBLISH_MESSAGES } from '../records/messages.js';
import type { ObjectTypeDefinitionInput } from '../records/object-type-schema.js';
import { vendorOffboardingDefinition } from '../testing/index.js';
import { diffPackages } from './diff.js';
import { mergePackages } from './merge.js';
import { StudioPackageSchema } from './package.js';

// Issue 18 (plan §2): object types sit in a package next to its processes; the diff and the merge
// walk them as they walk processes, matched by tag.
const supplier = (): ObjectTypeDefinitionInput & { fields: Record<string, unknown>[] } => ({
  tag: 'supplier',
  name: 'Supplier',
  fields: [
    { tag: 'name', type: 'char_field', label: 'Name', required: true },
    { tag: 'vat_number', type: 'char_field', label: 'VAT number', required: true },
  ],
  title_field: 'name',
});
const product = (): ObjectTypeDefinitionInput => ({
  tag: 'product',
  name: 'Product',
  fields: [{ tag: 'name', type: 'char_field', label: 'Name', required: true }],
  title_field: 'name',
});
const pkg = (...objects: unknown[]) => ({ processes: [vendorOffboardingDefinition()], objects });

describe('StudioPackageSchema objects', () => {
  it('accepts a package of processes and object types, and one without objects', () => {
    const parsed = StudioPackageSchema.parse(pkg(supplier(), product()));
    expect(parsed.objects.map((o) => o.tag)).toEqual(['supplier', 'product']);
    expect(StudioPackageSchema.parse({ processes: [vendorOffboardingDefinition()] }).objects).toEqual([]);
  });

  it('refuses two object types of one tag, under the repeated one', () => {
    const issues = StudioPackageSchema.safeParse(pkg(supplier(), product(), supplier())).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['objects.2.tag', OBJECT_TYPE_PUBLISH_MESSAGES.repeatedObject('supplier')],
    ]);
  });

  it("reports an object type's own problems under their path", () => {
    const broken = { ...supplier(), title_field: 'missing' };
    const issues = StudioPackageSchema.safeParse(pkg(broken)).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toContain('objects.0.title_field');
  });
});

describe('diffPackages objects', () => {
  it('names an object type added, a field added to one and a property changed, by tag', () => {
    const after = supplier();
    after.name = 'Vendor';
    after.fields.push({ tag: 'website', type: 'url', label: 'Website' });
    const changes = diffPackages(pkg(supplier()), pkg(after, product()));
    expect(changes.map((c) => [c.kind, c.item, c.identity.join('/')])).toEqual([
      ['changed', 'object', 'supplier'],
      ['added', 'field', 'supplier/website'],
      ['added', 'object', 'product'],
      ['added', 'field', 'product/name'],
    ]);
    expect(changes[0]?.properties?.map((p) => p.path.join('.'))).toEqual(['name']);
  });

  it('sees nothing between a package without objects and one with an empty list', () => {
    expect(diffPackages({ processes: [] }, { processes: [], objects: [] })).toEqual([]);
  });

  it('keeps fields of two object types apart though their tags are the same', () => {
    const after = product();
    after.fields = [{ tag: 'name', type: 'char_field', label: 'Product name', required: true }];
    const changes = diffPackages(pkg(supplier(), product()), pkg(supplier(), after));
    expect(changes.map((c) => [c.kind, c.item, c.identity.join('/')])).toEqual([
      ['changed', 'field', 'product/name'],
    ]);
  });
});

describe('mergePackages objects', () => {
  it("takes each side's object changes, and reports a field changed differently on both", () => {
    const ours = supplier();
    ours.fields.push({ tag: 'website', type: 'url', label: 'Website' });
    const theirs = supplier();
    theirs.name = 'Vendor';
    const result = mergePackages(pkg(supplier()), pkg(ours), pkg(theirs, product()));
    expect(result.conflicts).toEqual([]);
    expect(result.merged.processes).toHaveLength(1);
    expect(result.merged.objects).toEqual([{ ...ours, name: 'Vendor' }, product()]);

    const oursLabel = supplier();
    (oursLabel.fields[1] as { label: string }).label = 'VAT no.';
    const theirsLabel = supplier();
    (theirsLabel.fields[1] as { label: string }).label = 'VAT id';
    const conflicted = mergePackages(pkg(supplier()), pkg(oursLabel), pkg(theirsLabel));
    expect(conflicted.conflicts.map((c) => [c.item, c.identity.join('/'), c.path.join('.')])).toEqual([
      ['field', 'supplier/vat_number', 'label'],
    ]);
  });

  it('removes an object type removed on one side and untouched on the other', () => {
    const result = mergePackages(pkg(supplier(), product()), pkg(supplier()), pkg(supplier(), product()));
    expect(result.merged.objects).toEqual([supplier()]);
  });

  it('leaves a package from before object types without an objects list', () => {
    const plain = { processes: [vendorOffboardingDefinition()] };
    expect(mergePackages(plain, plain, plain).merged).not.toHaveProperty('objects');
  });
});
