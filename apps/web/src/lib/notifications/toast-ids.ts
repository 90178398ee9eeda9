// One toast per integration run and outcome, whether it came as the user's notification or on the
// channel of an open process page (Mantine shows an id once while it is on screen).
export function integrationRunToastId(runId: unknown, outcome: string | null): string | undefined {
  return typeof runId === 'number' || typeof runId === 'string'
    ? `integration-run-${runId}-${outcome}`
    : undefined;
}
