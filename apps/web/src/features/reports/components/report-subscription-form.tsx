import {
  type CreateReportSubscriptionRequest,
  REPORT_SUBSCRIPTION_FREQUENCIES,
  REPORT_SUBSCRIPTION_LAST_DAY,
  REPORT_SUBSCRIPTION_MESSAGE_MAX_LENGTH,
  REPORT_SUBSCRIPTION_RECIPIENTS_MAX,
  REPORT_SUBSCRIPTION_SUBJECT_MAX_LENGTH,
  type ReportSubscription,
  type ReportSubscriptionFrequency,
} from '@attest/shared';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics/track';
import { useCurrentUserQuery } from '../../auth';
import {
  useCreateReportSubscription,
  useSubscriptionPeople,
  useUpdateReportSubscription,
} from '../api/report-subscriptions';
import { reportErrorText } from '../lib/error-text';
import { timeZoneNames, weekdayName } from './report-subscription-schedule-text';

type Person = { id: number; name: string; email: string };

export type ReportSubscriptionFormProps = {
  reportId: number;
  // null: a new subscription.
  subscription: ReportSubscription | null;
  onDone: () => void;
};

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// The schedule (frequency, weekday or day, time, time zone), the recipients (users of the tenant),
// the subject and message, and whether it runs.
export function ReportSubscriptionForm({ reportId, subscription, onDone }: ReportSubscriptionFormProps) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUserQuery().data;
  const create = useCreateReportSubscription(reportId);
  const update = useUpdateReportSubscription(reportId);
  const mutation = subscription ? update : create;

  const [frequency, setFrequency] = useState<ReportSubscriptionFrequency>(
    subscription?.frequency ?? 'weekly',
  );
  const [weekday, setWeekday] = useState(String(subscription?.weekday ?? 1));
  const [day, setDay] = useState(String(subscription?.day_of_month ?? 1));
  const [time, setTime] = useState(subscription?.time ?? '08:00');
  const [timeZone, setTimeZone] = useState(subscription?.time_zone ?? me?.timezone ?? browserTimeZone());
  const ownEntry: Person[] = me
    ? [{ id: me.id, name: `${me.first_name} ${me.last_name}`.trim() || me.email, email: me.email }]
    : [];
  const [recipients, setRecipients] = useState<Person[]>(subscription?.recipients ?? ownEntry);
  const [subject, setSubject] = useState(subscription?.subject ?? '');
  const [message, setMessage] = useState(subscription?.message ?? '');
  const [active, setActive] = useState(subscription?.active ?? true);

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const people = useSubscriptionPeople(q);
  // The options: who is chosen (the search may not list them) and what the search found.
  const known = useMemo(() => {
    const byId = new Map<number, Person>();
    for (const person of [...recipients, ...(people.data?.results ?? [])]) byId.set(person.id, person);
    return byId;
  }, [recipients, people.data]);
  const zones = useMemo(() => timeZoneNames(timeZone), [timeZone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateReportSubscriptionRequest = {
      frequency,
      time,
      weekday: frequency === 'weekly' ? Number(weekday) : null,
      day_of_month: frequency === 'monthly' ? Number(day) : null,
      time_zone: timeZone,
      recipient_ids: recipients.map((r) => r.id),
      subject: subject.trim(),
      message: message.trim(),
      active,
    };
    if (subscription) update.mutate({ id: subscription.id, ...body }, { onSuccess: onDone });
    else
      create.mutate(body, {
        onSuccess: () => {
          // Spec 2 §9.4: subscribe by e-mail (the delivery these subscriptions make).
          track('reports.subscribe_email');
          onDone();
        },
      });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('reports.subscription.frequency')}
          value={frequency}
          onChange={(value) => setFrequency(value as ReportSubscriptionFrequency)}
          data={REPORT_SUBSCRIPTION_FREQUENCIES.map((value) => ({
            value,
            label: t(`reports.subscription.frequencies.${value}`),
          }))}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {frequency === 'weekly' && (
            <Select
              label={t('reports.subscription.weekday')}
              value={weekday}
              onChange={(value) => value && setWeekday(value)}
              allowDeselect={false}
              data={[1, 2, 3, 4, 5, 6, 7].map((d) => ({
                value: String(d),
                label: weekdayName(d, i18n.language),
              }))}
            />
          )}
          {frequency === 'monthly' && (
            <Select
              label={t('reports.subscription.dayOfMonth')}
              value={day}
              onChange={(value) => value && setDay(value)}
              allowDeselect={false}
              data={Array.from({ length: REPORT_SUBSCRIPTION_LAST_DAY }, (_, i) => String(i + 1))}
            />
          )}
          <TextInput
            type="time"
            label={t('reports.subscription.time')}
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
          <Select
            label={t('reports.subscription.timeZone')}
            searchable
            allowDeselect={false}
            limit={100}
            value={timeZone}
            onChange={(value) => value && setTimeZone(value)}
            data={zones}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('reports.subscription.recipients')}
          description={t('reports.subscription.recipientsHint', { max: REPORT_SUBSCRIPTION_RECIPIENTS_MAX })}
          required
          searchable
          // The chosen stay in the data (their pills need labels) but not among the search's answers.
          hidePickedOptions
          maxValues={REPORT_SUBSCRIPTION_RECIPIENTS_MAX}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={people.isFetching ? undefined : t('reports.subscription.nobodyFound')}
          value={recipients.map((r) => String(r.id))}
          onChange={(ids) =>
            setRecipients(ids.map((id) => known.get(Number(id))).filter((p): p is Person => p !== undefined))
          }
          data={[...known.values()].map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` }))}
        />
        <TextInput
          label={t('reports.subscription.subject')}
          description={t('reports.subscription.subjectHint')}
          maxLength={REPORT_SUBSCRIPTION_SUBJECT_MAX_LENGTH}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Textarea
          label={t('reports.subscription.message')}
          maxLength={REPORT_SUBSCRIPTION_MESSAGE_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={6}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <Switch
          label={t('reports.subscription.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {mutation.error && (
          <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
            {reportErrorText(mutation.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={recipients.length === 0 || !time}>
            {t('reports.subscription.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
