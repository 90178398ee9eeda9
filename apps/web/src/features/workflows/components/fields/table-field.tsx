import { type AnswerError, DEFAULT_MAX_TABLE_ROWS, MAX_TABLE_ROWS, type TableColumn } from '@attest/shared';
import { ActionIcon, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { answerErrorText } from '../../lib/answer-error-text';
import { isRecord } from '../../lib/is-record';
import type { ControlProps } from './control-props';
import { FieldWrapper, labelIdOf } from './field-wrapper';
import { useDraft } from './use-draft';

type Row = Record<string, unknown>;
const asRows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRecord) : []);

// The cell's own errors from the server's flattened invalid_cell errors (1-based rows).
function cellErrors(errors: readonly AnswerError[], row: number, column: string) {
  return errors.filter(
    (e) => e.code === 'invalid_cell' && e.params.row === row + 1 && e.params.column_tag === column,
  );
}

function Cell({
  Control,
  column,
  row,
  props,
  value,
  update,
}: {
  Control: ComponentType<ControlProps>;
  column: TableColumn;
  row: number;
  props: ControlProps;
  value: unknown;
  update: (value: unknown, commit: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errors = cellErrors(props.errors, row, column.tag);
  const label = t('fields.table.cellLabel', { column: column.label, row: row + 1 });
  return (
    <Control
      field={{ ...column, label }}
      value={value}
      onChange={(next) => update(next, false)}
      onCommit={(next) => update(next, true)}
      readOnly={props.readOnly}
      workflowId={props.workflowId}
      errors={[]}
      chrome={{
        id,
        label,
        description: undefined,
        // The engine's own English detail is kept out: the cell shows the sentence of its code.
        error: errors.length > 0 ? errors.map((e) => answerErrorText(t, e)).join(' ') : undefined,
        required: Boolean(column.required),
        readOnly: props.readOnly,
        hideLabel: true,
      }}
    />
  );
}

// Rows of typed cells; add and remove rows within min_rows and max_rows.
export function TableField(props: ControlProps & { Control: ComponentType<ControlProps> }) {
  const { t } = useTranslation();
  const columns = props.field.columns ?? [];
  const { draft, edit } = useDraft(props.value, asRows, props.onChange);
  // Cell edits arrive one after another within a render: each builds on the latest rows.
  const latest = useRef(draft);
  latest.current = draft;
  const { min_rows: minRows = 0, max_rows: maxRows = DEFAULT_MAX_TABLE_ROWS } = props.field.validation ?? {};
  const limit = Math.min(maxRows, MAX_TABLE_ROWS);
  const save = (rows: Row[], commit: boolean) => {
    latest.current = rows;
    edit(rows, rows);
    if (commit) props.onCommit(rows);
  };
  const setCell = (index: number, tag: string, value: unknown, commit: boolean) =>
    save(
      latest.current.map((row, i) => (i === index ? { ...row, [tag]: value } : row)),
      commit,
    );
  return (
    <FieldWrapper chrome={props.chrome}>
      <ScrollArea type="auto" mt={4}>
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={6}
          aria-labelledby={labelIdOf(props.chrome)}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.tag} miw={140}>
                  {column.label}
                  {column.required ? (
                    <Text span c="red" aria-hidden>
                      {' *'}
                    </Text>
                  ) : null}
                </Table.Th>
              ))}
              {props.readOnly ? null : <Table.Th w={44} aria-label={t('fields.table.actions')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  <Text size="sm" c="dimmed">
                    {t('fields.table.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {draft.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.tag} style={{ verticalAlign: 'top' }}>
                    <Cell
                      Control={props.Control}
                      column={column}
                      row={index}
                      props={props}
                      value={row[column.tag]}
                      update={(value, commit) => setCell(index, column.tag, value, commit)}
                    />
                  </Table.Td>
                ))}
                {props.readOnly ? null : (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('fields.table.removeRow', { row: index + 1 })}
                      disabled={draft.length <= minRows}
                      onClick={() =>
                        save(
                          latest.current.filter((_, i) => i !== index),
                          true,
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {props.readOnly ? null : (
        <Group gap="sm" mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={draft.length >= limit}
            onClick={() => save([...latest.current, {}], false)}
          >
            {t('fields.table.addRow')}
          </Button>
          <Text size="xs" c="dimmed">
            {minRows > 0
              ? t('fields.table.rowRange', { min: minRows, max: limit })
              : t('fields.table.rowMax', { max: limit })}
          </Text>
        </Group>
      )}
    </FieldWrapper>
  );
}
