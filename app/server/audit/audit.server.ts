/**
 * The audit log of admin writes (issue 6): who, what, when, and the before/after of the fields that changed.
 *
 * `recordAudit(tx, actor, entry)` is called inside the transaction of the write it describes, so an audit row exists
 * exactly when the change was committed (a failed or rolled-back write leaves none). It costs one INSERT.
 * `diffChanges(before, after)` keeps only fields whose values differ (dates compared by instant, money strings as
 * written). `listAuditEntries(filters)` pages newest first, 50 a page. The table is append-only in the database
 * itself (trigger in migration 0004). The actions and entity types are listed in `~/lib/audit`.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditEntityType, type AuditAction } from '~/lib/audit';
import type { Executor } from '../db/client.server';
import { getDb } from '../db/client.server';
import { auditLog } from '../db/schema';

/** A signed-in staff member (a `SessionUser` fits): stored as user id + e-mail at the time. */
export interface StaffActor {
  id: string;
  email: string;
}

/**
 * Who made a change: a staff member, `'system'`, or a labelled non-staff process such as the command line
 * (`{ label: 'cli:alice' }`); the last two are stored with no user id.
 */
export type AuditActor = StaffActor | 'system' | { label: string };

export interface AuditEntry {
  action: AuditAction;
  /** The id of the record the action is about; its type is the action's prefix ('vehicle.create' → 'vehicle'). */
  entityId: string;
  /** The record's fields before the change (omit for a create). */
  before?: Record<string, unknown> | null;
  /** The record's fields after the change (omit for a delete). A field only here is stored as `{ to }` (context
   *  such as a stock adjustment's reason, or every field of a create). */
  after?: Record<string, unknown> | null;
}

export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;

const IGNORED = new Set(['updatedAt', 'createdAt']);

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * Fields whose values differ between two versions of a record (updatedAt/createdAt ignored): `{ field: { from, to } }`
 * for a field in both, `{ to }` for a field only in `after`, `{ from }` for one only in `before`.
 */
export function diffChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const inBefore = before != null && key in before;
    const inAfter = after != null && key in after;
    const from = comparable(before?.[key]);
    const to = comparable(after?.[key]);
    if (inBefore && inAfter && JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = inBefore && inAfter ? { from, to } : inBefore ? { from } : { to };
  }
  return changes;
}

function actorColumns(actor: AuditActor): { actorUserId: string | null; actorLabel: string } {
  if (actor === 'system') return { actorUserId: null, actorLabel: 'system' };
  if ('label' in actor) return { actorUserId: null, actorLabel: actor.label };
  return { actorUserId: actor.id, actorLabel: actor.email };
}

/**
 * Appends one audit row inside the caller's transaction (pass the `tx` of the write it describes) and returns its id.
 * Errors: whatever the INSERT throws; the caller's transaction then rolls back with it.
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<string> {
  const [row] = await db
    .insert(auditLog)
    .values({
      ...actorColumns(actor),
      action: entry.action,
      entityType: auditEntityType(entry.action),
      entityId: entry.entityId,
      changes: diffChanges(entry.before, entry.after),
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

export interface AuditFilters {
  entityType?: string | undefined;
  entityId?: string | undefined;
  actor?: string | undefined;
  /** Inclusive start and exclusive end instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  page?: number | undefined;
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of audit rows, newest first, matching every given filter; plus the total and the page count. */
export async function listAuditEntries(filters: AuditFilters = {}) {
  const where: SQL[] = [];
  if (filters.entityType) where.push(eq(auditLog.entityType, filters.entityType));
  if (filters.entityId) where.push(eq(auditLog.entityId, filters.entityId));
  if (filters.actor) where.push(eq(auditLog.actorLabel, filters.actor));
  if (filters.from) where.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) where.push(lt(auditLog.createdAt, filters.to));
  const page = Math.max(1, filters.page ?? 1);
  const condition = where.length ? and(...where) : undefined;
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: total?.n ?? 0, page, pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / AUDIT_PAGE_SIZE)) };
}
