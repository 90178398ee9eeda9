import {
  convertHomePageConfig,
  type Home,
  type HomeShortcut,
  type HomeWorkflow,
  type PageQuery,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { type HomeSection, type HomeWorkflowRow, homeRepository } from './home.repository.js';

// Where the problems of a stored configuration go: the request's logger (spec 2 §5 "logged").
export type ProblemLog = (problems: string[]) => void;

type Kind = { id: number; name: string; tag: string };

// The stored configuration as the home page uses it: a bad one ignored, a bad shortcut skipped, and
// a shortcut naming a kind the tenant does not have skipped too (it could neither list nor start).
async function homeConfig(tx: Tx, ctx: UserContext, log: ProblemLog): Promise<Home> {
  const stored = await homeRepository.storedConfig(tx, ctx.tenant.id);
  const { config, problems } = convertHomePageConfig(stored?.config);
  const tags = [
    ...config.process_shortcuts,
    ...config.shortcuts.flatMap((s) => [s.kind_tag, ...(s.creation_kind_tag ? [s.creation_kind_tag] : [])]),
  ];
  const kinds = new Map<string, Kind>(
    (await homeRepository.kindsByTag(tx, [...new Set(tags)])).map((k) => [
      k.tag,
      { id: Number(k.id), name: k.name, tag: k.tag },
    ]),
  );
  const shortcuts: HomeShortcut[] = [];
  for (const s of config.shortcuts) {
    const kind = kinds.get(s.kind_tag);
    if (!kind) {
      problems.push(`child_workflow_shortcut_config.${s.index}.kind_tag: no kind '${s.kind_tag}'`);
      continue;
    }
    shortcuts.push({
      index: s.index,
      use_case: s.use_case,
      kind,
      step_tag: s.step_tag,
      field_tag: s.field_tag,
      title: s.title,
      description: s.description,
      creation_kind: s.creation_kind_tag ? (kinds.get(s.creation_kind_tag) ?? null) : null,
      allowed_status_ids: s.allowed_status_ids,
      create_button_label: s.create_button_label,
      status_filtering_fallback_message: s.status_filtering_fallback_message,
    });
  }
  if (problems.length > 0) log(problems);
  // A process shortcut naming a kind the tenant does not have is left out.
  const processShortcuts = config.process_shortcuts.flatMap((tag) => kinds.get(tag) ?? []);
  return { ...config, shortcuts, process_shortcuts: processShortcuts };
}

export function getHome(ctx: UserContext, log: ProblemLog): Promise<Home> {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => homeConfig(tx, ctx, log));
}

function toWorkflow(row: HomeWorkflowRow): HomeWorkflow {
  return {
    id: Number(row.id),
    name: row.name,
    kind: { id: Number(row.kind_id), name: row.kind_name },
    status: { id: Number(row.status_id), display_name: row.status_name, color_code: row.status_color },
    progress: Number(row.progress),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function sectionPage(tx: Tx, ctx: UserContext, section: HomeSection, page: PageQuery) {
  const { rows, count } = await homeRepository.page(tx, ctx.auth.user.id, section, page, readerLocale(ctx));
  return { results: rows.map(toWorkflow), count };
}

// "Following" (workflows whose threads the viewer follows) and "Requested by you" (workflows the
// viewer started): only those the viewer may still see.
export function homeSection(ctx: UserContext, kind: 'following' | 'requested', page: PageQuery) {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => sectionPage(tx, ctx, { kind }, page));
}

// The workflows a shortcut starts from: of its kind, in one of its allowed statuses, visible to the
// viewer (and, to create a child, changeable by the viewer with the shortcut's step open). A shortcut that is not (or no
// longer) usable is a 404.
export function shortcutParents(
  ctx: UserContext,
  index: number,
  query: PageQuery & { q?: string | undefined },
  log: ProblemLog,
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const home = await homeConfig(tx, ctx, log);
    const shortcut = home.shortcuts.find((s) => s.index === index);
    if (!shortcut) throw new NotFoundError();
    const section: HomeSection = {
      kind: 'parents',
      kindId: String(shortcut.kind.id),
      statusIds: shortcut.allowed_status_ids.map(String),
      openStep: shortcut.use_case === 'create_new_workflow' ? shortcut.step_tag : null,
      changeable: shortcut.use_case === 'create_new_workflow',
      q: query.q,
    };
    return sectionPage(tx, ctx, section, { limit: query.limit, offset: query.offset });
  });
}
