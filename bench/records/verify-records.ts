import { answerSearchColumns } from '@attest/shared';
import type pg from 'pg';
import {
  answerField,
  recordKeys,
  validateRecordValues,
} from '../../apps/server/src/modules/records/index.js';
import type { RecordSeedTarget } from '../seed/records.js';

// A random sample of the seeded records checked against the records module's own rules: the answers
// pass validateRecordValues unchanged, record_values holds exactly what answerSearchColumns gives
// each answered field (recordValueRows' rule), and record_keys exactly recordKeys' stored forms.
export async function verifySampleRecords(
  client: pg.Client,
  target: RecordSeedTarget,
  size: number,
): Promise<{ checked: number; problems: string[] }> {
  const { rows } = await client.query<{ id: string; title: string; data: Record<string, unknown> }>(
    `select id, title, data from records
     where tenant_id = $1 and object_type_id = $2 order by random() limit $3`,
    [target.tenantId, target.objectTypeId, size],
  );
  const problems: string[] = [];
  for (const record of rows) {
    const problem = (text: string) => problems.push(`record ${record.id}: ${text}`);
    const checked = validateRecordValues(target.definition, record.data);
    if (Object.keys(checked.errors).length > 0) problem(`invalid answers ${JSON.stringify(checked.errors)}`);
    if (canonical(checked.data) !== canonical(record.data)) {
      problem(`answers ${canonical(record.data)} normalised to ${canonical(checked.data)}`);
    }
    if (record.title !== record.data[target.definition.title_field]) problem('title is not the title field');

    const values = await client.query<{
      field_tag: string;
      text_value: string | null;
      number_value: number | null;
      date_value: string | null;
    }>(
      `select field_tag, text_value, number_value, to_char(date_value, 'YYYY-MM-DD') as date_value
       from record_values where tenant_id = $1 and record_id = $2 order by field_tag`,
      [target.tenantId, record.id],
    );
    const expected = target.definition.fields
      .filter((f) => f.tag in record.data)
      .map((f) => ({ field_tag: f.tag, ...answerSearchColumns(answerField(f), record.data[f.tag]) }))
      .filter((c) => c.text !== null || c.number !== null || c.date !== null)
      .map((c) => ({
        field_tag: c.field_tag,
        text_value: c.text,
        number_value: c.number,
        date_value: c.date,
      }))
      .sort((a, b) => a.field_tag.localeCompare(b.field_tag));
    if (JSON.stringify(values.rows) !== JSON.stringify(expected)) {
      problem(`record_values ${JSON.stringify(values.rows)} instead of ${JSON.stringify(expected)}`);
    }

    const keys = await client.query<{ key_name: string; key_value: string }>(
      `select key_name, key_value from record_keys where tenant_id = $1 and record_id = $2 order by key_name`,
      [target.tenantId, record.id],
    );
    const expectedKeys = recordKeys(target.definition, record.data).map((k) => ({
      key_name: k.name,
      key_value: k.value,
    }));
    if (JSON.stringify(keys.rows) !== JSON.stringify(expectedKeys)) {
      problem(`record_keys ${JSON.stringify(keys.rows)} instead of ${JSON.stringify(expectedKeys)}`);
    }
  }
  return { checked: rows.length, problems };
}

// jsonb keeps an object's keys in its own order: compared with the keys sorted.
const canonical = (value: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));
