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
  });

  it('records entries in the writing transaction and lists them newest first with filters', async () => {
    const admin = await createAccount({ admin: true });
    const id = uid();
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, { id: admin.userId, email: admin.email }, { action: 'update', entityType: 'customer', entityId: id, before: { phone: '1' }, after: { phone: '2' } });
    });
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, 'system', { action: 'delete', entityType: 'customer', entityId: id, before: { phone: '2' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const listed = await listAuditEntries({ entityType: 'customer', actor: admin.email });
    expect(listed.rows.filter((r) => r.entityId === id)).toEqual([
      expect.objectContaining({ action: 'update', actorLabel: admin.email, changes: { phone: { from: '1', to: '2' } } }),
    ]);

    const page = await auditPage.loader({ request: makeRequest(`/admin/audit?entityType=customer&actor=${encodeURIComponent(admin.email)}`, { cookie: admin.cookie }), params: {}, context: testContext } as never);
    expect(page.rows.some((r) => r.entity === `customer ${id}` && r.changes.includes('phone: "1" → "2"'))).toBe(true);
  });

  it('is append-only in the database itself', async () => {
    const id = await recordAudit(t.db, 'system', { action: 'create', entityType: 'inventory', entityId: uid(), after: { quantity: 1 } });
    await expect(t.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row?.action).toBe('create');
  });
});
