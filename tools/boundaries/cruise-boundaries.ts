import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { boundaryRules } from './rules.js';

export type BoundaryViolation = { rule: string; from: string; to: string };

export type BoundaryCruise = { violations: BoundaryViolation[]; modules: ICruiseResult['modules'] };

// Cruises `roots` (relative to `baseDir`) as TypeScript, including type-only imports, resolving workspace
// packages through their `source` export condition as vitest and tsx do, and checks them against the rules.
export const cruiseBoundaries = async (baseDir: string, roots: string[]): Promise<BoundaryCruise> => {
  const { output } = await cruise(roots, {
    baseDir,
    validate: true,
    ruleSet: boundaryRules,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|/boundaries/fixtures/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  const violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  return { violations, modules: output.modules };
};

export const formatViolations = (violations: BoundaryViolation[]): string =>
  violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`).join('\n');
