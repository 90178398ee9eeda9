import { describe, expect, it } from 'vitest';
import { defaultColumns } from './column-layout';
import { columnWidth, NAME_MIN_WIDTH, tableMinWidth } from './column-widths';

// The table's box at 1440 px as the demo admin sees it: 1440 less the sidebar, the page's padding
// and the card's border (measured in Chromium, 1114 px).
const ROOM_AT_1440 = 1114;
const EVERY_KIND = ['rank', 'name', 'kind', 'status', 'progress', 'alerts', 'region', 'business_unit'];
const ANSWERS = ['country', 'tier', 'owner', 'risk_score', 'contract_value', 'renewal'];

describe('dashboard column widths (issue 14)', () => {
  it('fits the default columns of the every-kind list at 1440 px, with room for the name', () => {
    const shown = defaultColumns([...EVERY_KIND, ...ANSWERS, 'created_at']);
    expect(shown).toHaveLength(8);
    expect(tableMinWidth(shown)).toBeLessThanOrEqual(ROOM_AT_1440);
    const fixed = shown.reduce((sum, id) => sum + (columnWidth(id) ?? 0), 0);
    expect(ROOM_AT_1440 - fixed).toBeGreaterThanOrEqual(NAME_MIN_WIDTH);
  });

  it('asks for more room than that when a person shows many columns, so the table scrolls', () => {
    const every = [...EVERY_KIND, ...ANSWERS, 'created_at', 'updated_at'];
    expect(tableMinWidth(every)).toBeGreaterThan(ROOM_AT_1440);
  });

  it('lets only the name take the room left over', () => {
    expect(columnWidth('name')).toBeNull();
    expect(columnWidth('field__country')).toBeGreaterThan(0);
    expect(tableMinWidth(['name'])).toBe(NAME_MIN_WIDTH);
  });
});
