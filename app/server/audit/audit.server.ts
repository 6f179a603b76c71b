/**
 * The audit log of admin writes (issue 6): who, what, when, and the before/after of the fields that changed.
 *
 * `recordAudit(tx, actor, entry)` is called inside the transaction of the write it describes, so an audit row exists
 * exactly when the change was committed. `diffChanges(before, after)` keeps only fields whose values differ
 * (dates compared by instant, money strings as written). `listAuditEntries(filters)` pages newest first, 50 a page.
 * The table is append-only in the database itself (trigger in migration 0004).
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.server';
import { getDb } from '../db/client.server';
import { auditLog } from '../db/schema';

export type AuditActor = { id: string; email: string } | 'system';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;

const IGNORED = new Set(['updatedAt', 'createdAt']);

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** Fields whose values differ between two versions of a record (updatedAt/createdAt ignored). */
export function diffChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const from = comparable(before?.[key]);
    const to = comparable(after?.[key]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = before && after ? { from, to } : before ? { from } : { to };
  }
  return changes;
}

/** Appends one audit row (inside the caller's transaction). Returns its id. */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<string> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorUserId: actor === 'system' ? null : actor.id,
      actorLabel: actor === 'system' ? 'system' : actor.email,
      action: entry.action,
      entityType: entry.entityType,
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
