import type { ReportCell } from '@attest/shared';
import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DateFormatContext, formatDateTime, formatDay } from '../../../lib/format/date-time';
import { useDateFormat } from '../../../lib/format/use-date-format';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

// Days and instants in the person's language (issue 14: never a raw 2026-12-21 or 12/21/2026).
function cellText(cell: ReportCell, numbers: Intl.NumberFormat, dates: DateFormatContext): string {
  if (cell === null) return '—';
  if (typeof cell === 'number') return numbers.format(cell);
  if (typeof cell === 'string' && DAY.test(cell)) return formatDay(cell, dates.locale);
  if (typeof cell === 'string' && INSTANT.test(cell)) return formatDateTime(cell, dates);
  return String(cell);
}

// Spec 2 §3.8 results: the first row is the header, the rest are value rows.
export function ReportDataTable({ results, maxHeight }: { results: ReportCell[][]; maxHeight?: number }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat().context;
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const [header = [], ...rows] = results;
  return (
    // The rows scroll within the height given (and sideways when wide): a keyboard must reach them
    // too, so the scrolling box takes focus as a named region (WCAG 2.1.1).
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('reports.view.dataTable') }}
    >
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        fz="sm"
        data-testid="report-data-table"
        aria-label={t('reports.view.dataTable')}
      >
        <Table.Thead>
          <Table.Tr>
            {header.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place
              <Table.Th key={i}>{cellText(cell, numbers, dates)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity beyond their place
            <Table.Tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <Table.Td key={c} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {cellText(cell, numbers, dates)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
