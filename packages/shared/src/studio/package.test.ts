import { describe, expect, it } from 'vitest';
import { vendorOffboardingDefinition } from '../testing/index.js';
import { StudioPackageSchema } from './package.js';

describe('StudioPackageSchema', () => {
  it('accepts processes with valid definitions and distinct kinds', () => {
    // The same process under another kind: every tag names its kind.
    const other = JSON.parse(
      JSON.stringify(vendorOffboardingDefinition()).replaceAll('vendor_offboarding', 'vendor_review'),
    );
    expect(
      StudioPackageSchema.safeParse({ processes: [vendorOffboardingDefinition(), other] }).error,
    ).toBeUndefined();
  });

  it('refuses a repeated process and an invalid definition, with the schema’s messages', () => {
    const result = StudioPackageSchema.safeParse({
      processes: [vendorOffboardingDefinition(), vendorOffboardingDefinition()],
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['processes', 1, 'kind', 'tag'], message: "The process 'vendor_offboarding' is repeated." },
    ]);
    const invalid = vendorOffboardingDefinition();
    invalid.initial_status = 'draft';
    expect(StudioPackageSchema.safeParse({ processes: [invalid] }).error?.issues).toMatchObject([
      {
        path: ['processes', 0, 'initial_status'],
        message: "The initial status 'draft' is not one of the statuses.",
      },
    ]);
  });
});
