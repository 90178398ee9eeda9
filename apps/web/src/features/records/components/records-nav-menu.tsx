import type { PermissionCodename } from '@attest/shared';
import { ActionIcon, Loader, Menu, Tooltip, useDirection } from '@mantine/core';
import { IconArrowsExchange, IconDatabase, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useObjectTypes } from '../api/object-types';

export const RECORDS_PATH_PREFIX = '/records/';
// The import pipeline's pages (spec 2 §2.3): the list, and each import under /batch-import/.
const IMPORTS_PATH = '/batch-imports';
const IMPORT_PATH_PREFIX = '/batch-import/';
// Batch updates (spec 2 §2.3): the list, and each update under /batch-update/ (its new one too).
const UPDATES_PATH = '/batch-updates';
const UPDATE_PATH_PREFIX = '/batch-update/';

type Can = (codename: PermissionCodename) => boolean;
type NavMenuProps = { can: Can };

const isImportsPath = (pathname: string) =>
  pathname === IMPORTS_PATH || pathname.startsWith(IMPORT_PATH_PREFIX);
const isUpdatesPath = (pathname: string) =>
  pathname === UPDATES_PATH || pathname.startsWith(UPDATE_PATH_PREFIX);

// Issue 18: "Imports" beside the types, for people who may view the import pipeline.
function ImportsItem({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const current = isImportsPath(pathname);
  return (
    <Menu.Item
      component={Link}
      to={IMPORTS_PATH}
      leftSection={<IconFileImport size={16} stroke={1.6} aria-hidden />}
      aria-current={current ? 'page' : undefined}
      fw={current ? 600 : undefined}
    >
      {t('batchImports.nav')}
    </Menu.Item>
  );
}

// Issue 18: "Batch updates" for people who may make them (can_perform_batch_import: the API and the
// route ask the same).
function UpdatesItem({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const current = isUpdatesPath(pathname);
  return (
    <Menu.Item
      component={Link}
      to={UPDATES_PATH}
      leftSection={<IconArrowsExchange size={16} stroke={1.6} aria-hidden />}
      aria-current={current ? 'page' : undefined}
      fw={current ? 600 : undefined}
    >
      {t('batchUpdates.nav')}
    </Menu.Item>
  );
}

// The import pipeline's entries below the types: Imports and Batch updates, each by its permission.
function PipelineItems({ can, pathname }: { can: Can; pathname: string }) {
  const imports = can('can_view_import_pipeline');
  const updates = can('can_perform_batch_import');
  if (!imports && !updates) return null;
  return (
    <>
      {can('can_view_records') && <Menu.Divider />}
      {imports && <ImportsItem pathname={pathname} />}
      {updates && <UpdatesItem pathname={pathname} />}
    </>
  );
}

// The record types the person sees, asked for only once the menu opens (the header is on every
// page; most visits never open it).
function TypeItems({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const types = useObjectTypes();
  if (types.isPending)
    return (
      <Menu.Item disabled leftSection={<Loader size={12} aria-hidden />}>
        {t('records.loading')}
      </Menu.Item>
    );
  if (types.isError) return <Menu.Item disabled>{t('records.nav.failed')}</Menu.Item>;
  if (types.data.results.length === 0) return <Menu.Item disabled>{t('records.nav.none')}</Menu.Item>;
  return types.data.results.map((type) => {
    const to = `${RECORDS_PATH_PREFIX}${type.tag}`;
    const current = pathname === to || pathname.startsWith(`${to}/`);
    return (
      <Menu.Item
        key={type.tag}
        component={Link}
        to={to}
        aria-current={current ? 'page' : undefined}
        fw={current ? 600 : undefined}
      >
        <UserText>{type.name}</UserText>
      </Menu.Item>
    );
  });
}

// Issue 18: "Records" in the header's navigation (can_view_records; navItems decides), a menu of the
// record types, since each type has its own list. An icon, as the studio's beside it: a crowded
// header must still leave the tenant's name room, in longer languages too.
export function RecordsNavMenu({ can }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const active =
    pathname.startsWith(RECORDS_PATH_PREFIX) || isImportsPath(pathname) || isUpdatesPath(pathname);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" withinPortal>
      <Tooltip label={t('nav.records')} disabled={opened}>
        <Menu.Target>
          <ActionIcon
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="lg"
            radius="md"
            aria-label={t('nav.records')}
          >
            <IconDatabase size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        {can('can_view_records') && (
          <>
            <Menu.Label>{t('records.nav.label')}</Menu.Label>
            {opened && <TypeItems pathname={pathname} />}
          </>
        )}
        <PipelineItems can={can} pathname={pathname} />
      </Menu.Dropdown>
    </Menu>
  );
}

// The same inside the narrow screen's navigation menu (its dropdown is mounted only while open, so
// the types are asked for then too).
export function RecordsNavSubmenu({ can }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { dir } = useDirection();
  return (
    <Menu.Sub position={dir === 'rtl' ? 'left-start' : 'right-start'}>
      <Menu.Sub.Target>
        <Menu.Sub.Item leftSection={<IconDatabase size={16} stroke={1.6} aria-hidden />}>
          {t('nav.records')}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown>
        {can('can_view_records') && <TypeItems pathname={pathname} />}
        <PipelineItems can={can} pathname={pathname} />
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
