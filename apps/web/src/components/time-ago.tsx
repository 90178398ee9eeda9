import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../lib/format/relative-time';
import { useDateFormat } from '../lib/format/use-date-format';

type TimeAgoProps = {
  value: string;
  now?: Date;
  // Inside a button or link (a clickable row) the time must not be a second tab stop.
  focusable?: boolean;
};

// '5 minutes ago', with the full date on hover (and on focus, where it is a tab stop of its own).
export function TimeAgo({ value, now = new Date(), focusable = true }: TimeAgoProps) {
  const { i18n } = useTranslation();
  const dates = useDateFormat();
  const full = dates.fullDateTime(value);
  return (
    <Tooltip label={full} openDelay={200} withinPortal>
      <Text
        component="time"
        dateTime={value}
        fz="xs"
        c="dimmed"
        tabIndex={focusable ? 0 : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {relativeTime(value, now, i18n.language)}
      </Text>
    </Tooltip>
  );
}
