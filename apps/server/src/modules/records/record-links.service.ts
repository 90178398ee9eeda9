import {
  type ObjectRelation,
  type PageQuery,
  RECORD_ERROR_CODES,
  RECORD_MESSAGES,
  type RecordLinkRequest,
  type RelatedRecord,
  type RelatedRecordsQuery,
} from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../../platform/errors.js';
import { type Page, pageResponse } from '../../platform/page-response.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { type LoadedObjectType, loadObjectType } from './object-types.js';
import { recordVisibility } from './record-access.js';
import { recordActivityRepository } from './record-activity.repository.js';
import { type RelatedRecordRow, recordLinksRepository } from './record-links.repository.js';
import { recordsRepository } from './records.repository.js';
import { changeable } from './records.service.js';

// Links between records (plan §1.4, §3.1): the "related records" tab lists the records linked to or
// from a record, both ways, that the user may see; a link is made by one of the record type's
// relations to an object type, and made or removed in one transaction with its activity row on the
// linking record (the relation is its own).

const refuse = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field ? { [field]: [message] } : undefined);

// The label the relation has in its owner's definition; the tag when a later version dropped it.
async function relationLabels(tx: Tx, tenantId: string, type: LoadedObjectType, rows: RelatedRecordRow[]) {
  const owners = new Map<string, LoadedObjectType>([[type.tag, type]]);
  for (const row of rows) {
    if (row.direction === 'incoming' && !owners.has(row.type_tag)) {
      owners.set(row.type_tag, await loadObjectType(tx, tenantId, row.type_tag));
    }
  }
  return (row: RelatedRecordRow) => {
    const owner = owners.get(row.direction === 'outgoing' ? type.tag : row.type_tag);
    return owner?.definition.relations.find((r) => r.tag === row.relation_tag)?.label ?? row.relation_tag;
  };
}

function relatedRecord(row: RelatedRecordRow, label: string): RelatedRecord {
  return {
    link_id: Number(row.link_id),
    id: Number(row.id),
    title: row.title,
    object_type: { tag: row.type_tag, name: row.type_name },
    relation_tag: row.relation_tag,
    relation_label: label,
    direction: row.direction,
    archived: row.archived_at !== null,
    linked_at: row.linked_at.toISOString(),
  };
}

// GET records/:tag/:id/related-records/: 404 for a record the user cannot see (STYLE rule 4).
export function relatedRecordsPage(
  ctx: UserContext,
  request: FastifyRequest,
  tag: string,
  recordId: number,
  query: RelatedRecordsQuery,
): Promise<Page<RelatedRecord>> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const userId = ctx.auth.user.id;
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const id = String(recordId);
    if (!(await recordsRepository.detail(tx, type.id, id, recordVisibility(type, userId)))) {
      throw new NotFoundError();
    }
    const [rows, count] = await Promise.all([
      recordLinksRepository.page(tx, id, userId, query),
      recordLinksRepository.count(tx, id, userId, query.relation),
    ]);
    const labelOf = await relationLabels(tx, ctx.tenant.id, type, rows);
    const results = rows.map((row) => relatedRecord(row, labelOf(row)));
    const page: PageQuery = { limit: query.limit, offset: query.offset };
    return pageResponse(request, results, count, page);
  });
}

function linkableRelation(
  type: LoadedObjectType,
  relationTag: string,
): ObjectRelation & {
  target: { object_type_tag: string };
} {
  const relation = type.definition.relations.find((r) => r.tag === relationTag);
  if (!relation) {
    const message = RECORD_MESSAGES.unknownRelation(type.tag, relationTag);
    throw refuse(RECORD_ERROR_CODES.unknownRelation, message, 'relation_tag');
  }
  if (!('object_type_tag' in relation.target)) {
    const message = RECORD_MESSAGES.relationToWorkflows(relation.label);
    throw refuse(RECORD_ERROR_CODES.relationToWorkflows, message, 'relation_tag');
  }
  return { ...relation, target: relation.target };
}

// The record a link starts from or a removed link belonged to: changeable by the user, and live.
async function linkingRecord(tx: Tx, ctx: UserContext, type: LoadedObjectType, recordId: number) {
  const current = await changeable(tx, ctx, type, recordId);
  if (current.archived_at !== null) {
    throw new AppError(400, RECORD_ERROR_CODES.archived, RECORD_MESSAGES.archived);
  }
  return current;
}

// POST records/:tag/:id/links/: the record links to `record_id` by one of its type's relations.
export function linkRecord(
  ctx: UserContext,
  tag: string,
  recordId: number,
  body: RecordLinkRequest,
): Promise<RelatedRecord> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const userId = ctx.auth.user.id;
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    // Locked: links of a single-record relation are counted and added one request at a time.
    const from = await linkingRecord(tx, ctx, type, recordId);
    const relation = linkableRelation(type, body.relation_tag);
    const targetId = String(body.record_id);
    if (targetId === from.id) {
      throw refuse(RECORD_ERROR_CODES.linkToSelf, RECORD_MESSAGES.linkToSelf, 'record_id');
    }
    const target = await recordLinksRepository.visibleRecord(tx, targetId, userId);
    if (!target) {
      throw refuse(RECORD_ERROR_CODES.linkTargetNotFound, RECORD_MESSAGES.linkTargetNotFound, 'record_id');
    }
    if (target.type_tag !== relation.target.object_type_tag) {
      const message = RECORD_MESSAGES.linkTargetMismatch(relation.label);
      throw refuse(RECORD_ERROR_CODES.linkTargetMismatch, message, 'record_id');
    }
    if (target.archived_at !== null) {
      throw refuse(RECORD_ERROR_CODES.linkTargetArchived, RECORD_MESSAGES.linkTargetArchived, 'record_id');
    }
    if (!relation.many && (await recordLinksRepository.outgoingCount(tx, from.id, relation.tag)) > 0) {
      const message = RECORD_MESSAGES.relationTaken(relation.label);
      throw refuse(RECORD_ERROR_CODES.relationTaken, message, 'relation_tag');
    }
    const link = await recordLinksRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      relationTag: relation.tag,
      fromRecordId: from.id,
      toRecordId: target.id,
      userId,
    });
    if (!link) throw refuse(RECORD_ERROR_CODES.linkExists, RECORD_MESSAGES.linkExists, 'record_id');
    await recordActivityRepository.add(tx, {
      tenantId: ctx.tenant.id,
      recordId: from.id,
      action: 'linked',
      actorUserId: userId,
      changes: [
        { field_tag: relation.tag, before: null, after: { id: Number(target.id), name: target.title } },
      ],
    });
    return {
      link_id: Number(link.id),
      id: Number(target.id),
      title: target.title,
      object_type: { tag: target.type_tag, name: target.type_name },
      relation_tag: relation.tag,
      relation_label: relation.label,
      direction: 'outgoing',
      archived: false,
      linked_at: link.created_at.toISOString(),
    };
  });
}

// DELETE records/:tag/:id/links/:linkId/: from either side. The link belongs to the record it
// starts from, so that record must be changeable by the user; the other must be one they may see.
export function unlinkRecord(ctx: UserContext, tag: string, recordId: number, linkId: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const userId = ctx.auth.user.id;
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const id = String(recordId);
    const self = await recordsRepository.detail(tx, type.id, id, recordVisibility(type, userId));
    if (!self) throw new NotFoundError();
    const link = await recordLinksRepository.ofRecord(tx, String(linkId), id);
    if (!link) throw new NotFoundError();
    const otherId = link.from_record_id === id ? link.to_record_id : link.from_record_id;
    const other = await recordLinksRepository.visibleRecord(tx, otherId, userId);
    if (!other) throw new NotFoundError();
    const fromType =
      link.from_record_id === id ? type : await loadObjectType(tx, ctx.tenant.id, other.type_tag);
    await linkingRecord(tx, ctx, fromType, Number(link.from_record_id));
    const to = link.from_record_id === id ? other : self;
    await recordLinksRepository.delete(tx, link.id);
    await recordActivityRepository.add(tx, {
      tenantId: ctx.tenant.id,
      recordId: link.from_record_id,
      action: 'unlinked',
      actorUserId: userId,
      changes: [{ field_tag: link.relation_tag, before: { id: Number(to.id), name: to.title }, after: null }],
    });
  });
}
