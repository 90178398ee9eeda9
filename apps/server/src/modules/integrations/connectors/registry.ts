import type { Connector } from './connector.js';
import { sanctionsScreeningConnector } from './sanctions-screening.js';

// The connectors a definition's step integration may name (StepIntegrationSchema.connector).
const CONNECTORS: ReadonlyMap<string, Connector> = new Map(
  [sanctionsScreeningConnector].map((connector) => [connector.tag, connector]),
);

export function findConnector(tag: string): Connector | undefined {
  return CONNECTORS.get(tag);
}

export const CONNECTOR_TAGS: readonly string[] = [...CONNECTORS.keys()];
