import { type AdminUser, USER_KIND } from '@attest/shared';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { displayNameOf, initialsOf } from '../../../lib/format/initials';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useGroupChoices } from '../api/groups';
import { useImpersonate } from '../api/impersonate';
import { usePermissionsCatalogue } from '../api/permissions-catalogue';
import { useUpdateUser } from '../api/users';
import type { AdminCan } from '../lib/admin-can';
import { errorText } from '../lib/error-text';
import { UserAccessEditor } from './user-access-editor';

export type UserDrawerProps = {
  user: AdminUser | null;
  onClose: () => void;
  can: AdminCan;
  currentUserId: number;
};

export function UserDrawer({ user, onClose, can, currentUserId }: UserDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size={560}
      title={t('admin.users.drawerTitle')}
      padding="xl"
    >
      {user && <UserDetails key={user.id} user={user} can={can} isSelf={user.id === currentUserId} />}
    </Drawer>
  );
}

type UserDetailsProps = { user: AdminUser; can: AdminCan; isSelf: boolean };

function UserDetails({ user, can, isSelf }: UserDetailsProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const groups = useGroupChoices();
  const catalogue = usePermissionsCatalogue();
  const update = useUpdateUser();
  const impersonate = useImpersonate();
  const [groupIds, setGroupIds] = useState(() => user.groups.map((g) => String(g.id)));
  const [extra, setExtra] = useState(user.extra_permissions);
  const [active, setActive] = useState(user.is_active);

  const dirty =
    active !== user.is_active ||
    !sameSet(
      groupIds,
      user.groups.map((g) => String(g.id)),
    ) ||
    !sameSet(extra, user.extra_permissions);
  const save = () =>
    update.mutate({
      id: user.id,
      group_ids: groupIds.map(Number),
      extra_permissions: extra,
      is_active: active,
    });

  return (
    <Stack gap="lg">
      <Group wrap="nowrap" gap="md">
        <PersonAvatar
          colorKey={user.id}
          name={displayNameOf(user)}
          letters={initialsOf(user)}
          size={52}
          decorative
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg">
            {displayNameOf(user)}
          </Title>
          <Text fz="sm" c="dimmed" truncate="end">
            {user.email}
          </Text>
          <Group gap={6}>
            {user.kind === USER_KIND.supplier && (
              <Badge size="xs" color="cyan" variant="light">
                {t('admin.users.supplier')}
              </Badge>
            )}
            <Badge size="xs" color={user.mfa_enrolled ? 'teal' : 'gray'} variant="light" tt="none">
              {`${t('admin.users.mfa')}: ${user.mfa_enrolled ? t('admin.users.mfaOn') : t('admin.users.mfaOff')}`}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Text fz="xs" c="dimmed">
        {t('admin.users.createdAt', { date: dates.dateTime(user.created_at) })}
        {user.invited_at && ` · ${t('admin.users.invitedAt', { date: dates.dateTime(user.invited_at) })}`}
      </Text>
      {can('can_impersonate_users') && !isSelf && user.is_active && (
        <Button
          variant="light"
          color="grape"
          leftSection={<IconUserShare size={16} />}
          onClick={() => impersonate.mutate(user.id)}
          loading={impersonate.isPending || impersonate.isSuccess}
        >
          {t('admin.users.impersonate')}
        </Button>
      )}
      {impersonate.error && (
        <Alert color="red" variant="light">
          {errorText(impersonate.error, t)}
        </Alert>
      )}
      <Divider label={t('admin.users.accessSection')} labelPosition="left" />
      <MultiSelect
        label={t('admin.users.groups')}
        data={(groups.data?.results ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={groupIds}
        onChange={setGroupIds}
        searchable
        clearable
        nothingFoundMessage={t('admin.nothingFound')}
      />
      <MultiSelect
        label={t('admin.users.extraPermissions')}
        description={t('admin.users.extraPermissionsHint')}
        data={(catalogue.data ?? []).map((p) => ({ value: p.codename, label: p.name }))}
        value={extra}
        onChange={setExtra}
        searchable
        clearable
        maxDropdownHeight={260}
        nothingFoundMessage={t('admin.nothingFound')}
      />
      <Switch
        label={t('admin.users.activeLabel')}
        description={isSelf ? t('admin.users.selfDeactivate') : t('admin.users.activeHint')}
        checked={active}
        disabled={isSelf}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />
      {update.error && (
        <Alert color="red" variant="light">
          {errorText(update.error, t)}
        </Alert>
      )}
      {update.isSuccess && !dirty && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {t('admin.saved')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={save} disabled={!dirty} loading={update.isPending}>
          {t('admin.save')}
        </Button>
      </Group>
      <Divider label={t('admin.access.title')} labelPosition="left" />
      <UserAccessEditor userId={user.id} />
    </Stack>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}
