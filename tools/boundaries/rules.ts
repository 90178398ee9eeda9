import type { IFlattenedRuleSet } from 'dependency-cruiser';

// The import boundaries of docs/architecture.md ("Module boundaries"), as dependency-cruiser rules.
// Paths are relative to the cruise's base directory (the repository root, or a fixture tree that mirrors it).
// `$1` in a `to` pattern is the group the `from` pattern captured: the importing module or feature.
export const boundaryRules: IFlattenedRuleSet = {
  forbidden: [
    {
      name: 'platform-imports-module',
      comment:
        'The platform offers mechanisms; a module registers itself with them, never the other way round.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-imports-inner-file-of-other-module',
      comment:
        "Another module is used through its public face, modules/<other>/index.ts; a module's subfolders are inside it.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/($1/|[^/]+/index[.]ts$)',
      },
    },
    {
      name: 'feature-imports-inner-file-of-other-feature',
      comment: 'Another web feature is used through its public face, features/<other>/index.ts(x).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: '^apps/web/src/features/($1/|[^/]+/index[.]tsx?$)',
      },
    },
    {
      name: 'shared-imports-app-code',
      comment: 'packages/shared is used by the apps and uses none of them.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-server-code',
      comment: 'The web app talks to the server over HTTP; only its end-to-end tests may use server code.',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: '^apps/web/e2e/' },
      to: { path: '^apps/server/' },
    },
  ],
};
