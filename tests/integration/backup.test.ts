import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BUCKETS } from '~/lib/work-order-status';
import { BackupError, createBackup, restoreBackup, tablesInDependencyOrder } from '~/server/backup/backup.server';
import { createPglite, wrapPglite, type Database } from '~/server/db/client.server';
import { seedDemo } from '~/server/db/seed.server';
import { createLocalStorage } from '~/server/storage/storage.server';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function snapshot(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${table}" t order by 1`))) as unknown as {
      rows: { row: string }[];
    };
    out[table] = result.rows.map((r) => r.row);
  }
  return out;
}

describe('backup and restore', () => {
  it('round-trips the demo shop: every table row and every file comes back identical', async () => {
    await seedDemo(t.db);
    const source = createLocalStorage(path.join(work, 'source-files'));
    await source.put('repair-photos', 'work_orders/abc/1-front.jpg', new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg' });
    await source.put('customer-files', 'work_orders/abc/quote.pdf', new Uint8Array([37, 80, 68, 70]), { contentType: 'application/pdf' });
    const archive = path.join(work, 'shop.tar.gz');
    const manifest = await createBackup(t.db, source, archive, t.config);
    expect(manifest.tables.work_orders).toBe(8);
    expect(manifest.files).toHaveLength(2);

    const target = wrapPglite(await createPglite());
    const restoredFiles = createLocalStorage(path.join(work, 'target-files'));
    try {
      await restoreBackup(target, restoredFiles, archive, t.config);
      expect(await snapshot(target.db)).toEqual(await snapshot(t.db));
      // The derived work-order counter is not in the archive; the restore rebuilt it from the rows.
      expect(Object.keys(manifest.tables)).not.toContain('work_order_totals');
      const totals = (await target.db.execute(sql`select total::int as n from work_order_totals`)) as unknown as { rows: { n: number }[] };
      expect(totals.rows).toEqual([{ n: 8 }]);
      for (const bucket of BUCKETS) {
        expect(await restoredFiles.list(bucket, '')).toEqual(await source.list(bucket, ''));
      }
      const photo = await restoredFiles.get('repair-photos', 'work_orders/abc/1-front.jpg');
      expect(new Uint8Array(await new Response(photo!.body).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

      // A second restore into the now full database is refused and changes nothing.
      await expect(restoreBackup(target, createLocalStorage(path.join(work, 'other')), archive, t.config)).rejects.toThrow(BackupError);
      expect(fs.existsSync(path.join(work, 'other'))).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('refuses a damaged archive with a clear message', async () => {
    const bad = path.join(work, 'bad.tar.gz');
    fs.writeFileSync(bad, 'not an archive');
    const target = wrapPglite(await createPglite());
    try {
      await expect(restoreBackup(target, createLocalStorage(path.join(work, 'x')), bad, t.config)).rejects.toThrow(/Cannot read the backup/);
    } finally {
      await target.close();
    }
  });
});
