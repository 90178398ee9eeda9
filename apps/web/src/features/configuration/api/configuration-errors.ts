import type { Configuration } from '@attest/shared';

// Spec 1 section 4: the configuration load ends in success, failure, or "maintenance failure" (503).
export class MaintenanceError extends Error {
  override readonly name = 'MaintenanceError';
  readonly configuration: Configuration | null;

  constructor(configuration: Configuration | null) {
    super('Service unavailable');
    this.configuration = configuration;
  }
}

export type MaintenanceNotice = { message: string; endTime: string | null };

// The maintenance page needs both the switch and a message; anything less is "service unavailable".
export function maintenanceNotice(error: unknown): MaintenanceNotice | null {
  if (!(error instanceof MaintenanceError) || !error.configuration) return null;
  const { is_maintenance_mode_enabled, message_on_maintenance_page, maintenance_end_time } =
    error.configuration.configuration;
  if (!is_maintenance_mode_enabled || !message_on_maintenance_page?.trim()) return null;
  return { message: message_on_maintenance_page, endTime: maintenance_end_time };
}
