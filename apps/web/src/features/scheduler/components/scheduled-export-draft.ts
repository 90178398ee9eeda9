import type { ScheduledExport, ScheduledExportDestinationKind, ScheduledExportWrite } from '@attest/shared';

// The form's values as strings and flags; the body the API takes is made from them on saving.
export type Draft = {
  name: string;
  source: ScheduledExport['source'] | null;
  sourceType: ScheduledExport['source']['type'];
  kindId: string | null;
  report: { id: string; name: string } | null;
  format: 'csv' | 'xlsx';
  frequency: 'daily' | 'weekly' | 'monthly';
  time: string;
  weekday: string;
  dayOfMonth: string;
  timeZone: string;
  kind: ScheduledExportDestinationKind;
  emails: string;
  host: string;
  port: string;
  username: string;
  directory: string;
  fingerprint: string;
  auth: 'password' | 'key';
  password: string;
  privateKey: string;
  passphrase: string;
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  enabled: boolean;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function newDraft(kind: ScheduledExportDestinationKind): Draft {
  return {
    name: '',
    source: null,
    sourceType: 'workflow_list',
    kindId: null,
    report: null,
    format: 'csv',
    frequency: 'daily',
    time: '07:00',
    weekday: '1',
    dayOfMonth: '1',
    timeZone: browserZone(),
    kind,
    emails: '',
    host: '',
    port: '22',
    username: '',
    directory: '',
    fingerprint: '',
    auth: 'key',
    password: '',
    privateKey: '',
    passphrase: '',
    endpoint: '',
    bucket: '',
    prefix: '',
    region: 'us-east-1',
    accessKeyId: '',
    secretAccessKey: '',
    enabled: true,
  };
}

// An existing schedule in the form; credentials stay empty (kept by the server unless replaced).
export function draftOf(item: ScheduledExport): Draft {
  const d = item.destination;
  return {
    ...newDraft(d.kind),
    name: item.name,
    source: item.source,
    sourceType: item.source.type,
    kindId: item.source.type === 'workflow_list' ? String(item.source.kind_id) : null,
    report:
      item.source.type === 'report'
        ? { id: String(item.source.report_id), name: item.source_name ?? `#${item.source.report_id}` }
        : null,
    format: item.format,
    frequency: item.schedule.frequency,
    time: item.schedule.time,
    weekday: String(item.schedule.weekday ?? 1),
    dayOfMonth: String(item.schedule.day_of_month ?? 1),
    timeZone: item.schedule.time_zone,
    enabled: item.enabled,
    ...(d.kind === 'email' && { emails: d.emails.join('\n') }),
    ...(d.kind === 'sftp' && {
      host: d.host,
      port: String(d.port),
      username: d.username,
      directory: d.directory,
      fingerprint: d.host_fingerprint,
      auth: d.has_password ? ('password' as const) : ('key' as const),
    }),
    ...(d.kind === 's3' && { endpoint: d.endpoint, bucket: d.bucket, prefix: d.prefix, region: d.region }),
  };
}

const optional = (value: string) => (value === '' ? undefined : value);

export function destinationOf(d: Draft): ScheduledExportWrite['destination'] {
  if (d.kind === 'email') {
    return { kind: 'email', emails: d.emails.split(/[\s,;]+/).filter(Boolean) };
  }
  if (d.kind === 'sftp') {
    return {
      kind: 'sftp',
      host: d.host,
      port: Number(d.port) || 22,
      username: d.username,
      directory: d.directory,
      host_fingerprint: d.fingerprint,
      ...(d.auth === 'password'
        ? { password: optional(d.password) }
        : { private_key: optional(d.privateKey), passphrase: optional(d.passphrase) }),
    };
  }
  return {
    kind: 's3',
    endpoint: d.endpoint,
    bucket: d.bucket,
    prefix: d.prefix,
    region: d.region,
    access_key_id: optional(d.accessKeyId),
    secret_access_key: optional(d.secretAccessKey),
  };
}

export function bodyOf(d: Draft): ScheduledExportWrite {
  const source =
    d.sourceType === 'report'
      ? { type: 'report' as const, report_id: Number(d.report?.id) }
      : {
          type: 'workflow_list' as const,
          kind_id: Number(d.kindId),
          // An edit keeps the list filters the schedule was made with.
          filters:
            d.source?.type === 'workflow_list' && String(d.source.kind_id) === d.kindId
              ? d.source.filters
              : {},
        };
  return {
    name: d.name,
    source,
    format: source.type === 'report' ? 'csv' : d.format,
    schedule: {
      frequency: d.frequency,
      time: d.time,
      weekday: d.frequency === 'weekly' ? Number(d.weekday) : null,
      day_of_month: d.frequency === 'monthly' ? Number(d.dayOfMonth) : null,
      time_zone: d.timeZone,
    },
    destination: destinationOf(d),
    enabled: d.enabled,
  };
}
