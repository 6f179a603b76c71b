import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as auditPage from '~/routes/admin/audit';
import { diffChanges, listAuditEntries, recordAudit } from '~/server/audit/audit.server';
import { auditLog } from '~/server/db/schema';
import { createAccount, makeRequest, testContext, uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

describe('audit log', () => {
  it('keeps only the fields that changed, with before and after', () => {
    expect(
      diffChanges(
        { name: 'Ann', phone: '1', updatedAt: new Date(1), when: new Date('2026-01-01T00:00:00Z') },
        { name: 'Ann', phone: '2', updatedAt: new Date(2), when: new Date('2026-01-01T00:00:00Z') },
      ),
    ).toEqual({ phone: { from: '1', to: '2' } });
    expect(diffChanges(null, { quantity: 3 })).toEqual({ quantity: { to: 3 } });
    expect(diffChanges({ quantity: 3 }, null)).toEqual({ quantity: { from: 3 } });
    // A field only in `after` is context (a reason) or a created value: kept as `to` only, even next to a before.
    expect(diffChanges({ quantity: 5 }, { quantity: 2, reason: 'Damaged' })).toEqual({ quantity: { from: 5, to: 2 }, reason: { to: 'Damaged' } });
    expect(diffChanges({ phone: null }, { phone: '1' })).toEqual({ phone: { from: null, to: '1' } });
  });

  it('records entries in the writing transaction and lists them newest first with filters', async () => {
    const admin = await createAccount({ admin: true });
    const id = uid();
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, { id: admin.userId, email: admin.email }, { action: 'customer.update', entityId: id, before: { phone: '1' }, after: { phone: '2' } });
    });
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, 'system', { action: 'customer.update', entityId: id, before: { phone: '2' }, after: { phone: '3' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const listed = await listAuditEntries({ entityType: 'customer', actor: admin.email });
    expect(listed.rows.filter((r) => r.entityId === id)).toEqual([
      expect.objectContaining({ action: 'customer.update', entityType: 'customer', actorLabel: admin.email, changes: { phone: { from: '1', to: '2' } } }),
    ]);

    const page = await auditPage.loader({ request: makeRequest(`/admin/audit?entityType=customer&actor=${encodeURIComponent(admin.email)}`, { cookie: admin.cookie }), params: {}, context: testContext } as never);
    expect(page.rows.some((r) => r.entity === `customer ${id}` && r.changes.includes('phone: "1" → "2"'))).toBe(true);
  });

  it('is append-only in the database itself', async () => {
    const id = await recordAudit(t.db, { label: 'cli:test' }, { action: 'inventory.create', entityId: uid(), after: { quantity: 1 } });
    // Refused by the trigger itself (not some other error), on the application's own connection.
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(() => null, (e: unknown) => e as { message: string; cause?: { message?: string } });
      return error ? `${error.message} ${error.cause?.message ?? ''}` : 'not refused';
    };
    expect(await refusal(t.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, id)))).toContain('audit_log is append-only');
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, id)))).toContain('audit_log is append-only');
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toContain('audit_log is append-only');
    expect(await refusal(t.db.transaction((tx) => tx.delete(auditLog)))).toContain('audit_log is append-only');
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({ action: 'inventory.create', entityType: 'inventory', actorLabel: 'cli:test', actorUserId: null });
  });
});
