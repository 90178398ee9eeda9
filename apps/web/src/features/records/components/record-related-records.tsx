import type { ObjectTypeDetail, RelatedRecord } from '@attest/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLink, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { isolate, UserText, withIsolatedNames } from '../../../components/user-text';
import { usePermissions } from '../../auth';
import { RELATED_RECORDS_PAGE_SIZE, useRelatedRecords, useUnlinkRecord } from '../api/record-links';
import { LinkRecordDialog, linkableRelations, linkRefusalText } from './link-record-dialog';

type RecordRelatedRecordsProps = { objectType: ObjectTypeDetail; recordId: number; archived: boolean };

// The related records tab: the records this one links to and those linking to it (the ones the
// person may see), newest link first, paged by the server. Linking and unlinking need
// can_change_record (the server checks the same); a live record of a type with relations to object
// types offers "Link a record".
export function RecordRelatedRecords({ objectType, recordId, archived }: RecordRelatedRecordsProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const tag = objectType.tag;
  const [page, setPage] = useState(0);
  const related = useRelatedRecords(tag, recordId, page);
  const unlink = useUnlinkRecord(tag, recordId);
  const [linking, linkDialog] = useDisclosure(false);
  const [removing, setRemoving] = useState<RelatedRecord | null>(null);
  const relations = linkableRelations(objectType.definition.relations);
  const canChange = can('can_change_record');
  const rows = related.data?.results ?? [];

  const closeRemove = () => {
    unlink.reset();
    setRemoving(null);
  };
  // The last row of a later page gone: the page before it.
  const removed = () => {
    closeRemove();
    if (rows.length === 1 && page > 0) setPage(page - 1);
  };

  return (
    <Stack gap="md">
      {canChange && relations.length > 0 && !archived && (
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={linkDialog.open}
          >
            {t('records.relatedRecords.link')}
          </Button>
        </Group>
      )}
      <ListStates
        pending={related.isPending}
        failed={related.isError}
        empty={rows.length === 0}
        loadingLabel={t('records.loading')}
        failedText={t('records.relatedRecords.failed')}
        emptyIcon={<IconLink size={28} aria-hidden />}
        emptyTitle={t('records.relatedRecords.emptyTitle')}
        emptyDescription={t('records.relatedRecords.emptyHint')}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="record-related-records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('records.relatedRecords.title')}</Table.Th>
                <Table.Th>{t('records.relatedRecords.type')}</Table.Th>
                <Table.Th>{t('records.relatedRecords.relation')}</Table.Th>
                <Table.Th>{t('records.relatedRecords.direction')}</Table.Th>
                {canChange && (
                  <Table.Th>
                    <VisuallyHidden>{t('records.relatedRecords.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.link_id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={`/records/${row.object_type.tag}/${row.id}`} fz="sm">
                        <UserText>{row.title}</UserText>
                      </Anchor>
                      {row.archived && (
                        <Badge color="gray" variant="light" size="sm">
                          {t('records.archived')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <UserText>{row.object_type.name}</UserText>
                  </Table.Td>
                  <Table.Td>
                    <UserText>{row.relation_label}</UserText>
                  </Table.Td>
                  <Table.Td>{t(`records.relatedRecords.${row.direction}`)}</Table.Td>
                  {canChange && (
                    <Table.Td ta="end">
                      <Tooltip label={t('records.relatedRecords.unlink')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('records.relatedRecords.unlinkLabel', { title: isolate(row.title) })}
                          onClick={() => {
                            unlink.reset();
                            setRemoving(row);
                          }}
                        >
                          <IconLinkOff size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {related.data && related.data.count > 0 && (
          <Box mt="sm">
            <TableOverview
              page={page + 1}
              onPage={(next) => setPage(next - 1)}
              total={related.data.count}
              pageSize={RELATED_RECORDS_PAGE_SIZE}
              hideSinglePage
            />
          </Box>
        )}
      </ListStates>
      {linking && (
        <LinkRecordDialog
          tag={tag}
          recordId={recordId}
          relations={relations}
          opened={linking}
          onClose={linkDialog.close}
        />
      )}
      <Modal opened={removing !== null} onClose={closeRemove} title={t('records.relatedRecords.unlinkTitle')}>
        <Stack gap="md">
          <Text size="sm">
            {removing &&
              withIsolatedNames(
                t('records.relatedRecords.unlinkConfirm', {
                  title: isolate(removing.title),
                  relation: isolate(removing.relation_label),
                }),
              )}
          </Text>
          {unlink.error && (
            <Alert color="red" role="alert" py={6}>
              {linkRefusalText(t, unlink.error, removing?.relation_label ?? '')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeRemove}>
              {t('records.form.cancel')}
            </Button>
            <Button
              color="red"
              loading={unlink.isPending}
              onClick={() => removing && unlink.mutate(removing, { onSuccess: removed })}
            >
              {t('records.relatedRecords.unlinkConfirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
