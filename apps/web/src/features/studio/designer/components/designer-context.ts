import { createContext, useContext } from 'react';
import type { DesignerAction } from '../model/history';
import type { DesignerIssues } from '../model/validation';

export type Selection =
  | { kind: 'process' }
  | { kind: 'group'; group: number }
  | { kind: 'step'; group: number; step: number }
  | { kind: 'field'; group: number; step: number; field: number };

// What every part of the designer reaches for: dispatch (stable), the live issues, read-only mode
// and selection. Components that render per item take plain props so memo can skip them.
export type DesignerContextValue = {
  dispatch: (action: DesignerAction) => void;
  issues: DesignerIssues;
  readOnly: boolean;
  select: (selection: Selection) => void;
  // The object types a Record field may pick from: the package's, then the tenant's published ones.
  objectTypes?: readonly { tag: string; name: string }[];
};

export const DesignerContext = createContext<DesignerContextValue | null>(null);

export function useDesignerContext(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error('useDesignerContext outside the designer');
  return value;
}
