/**
 * The one job queue (issue 15 §5): a kind with a Zod-checked payload, retries with backoff, postponing without using
 * an attempt, cancelling, one queued job per dedupe key, internal jobs whose writes commit with their completion, and
 * claims with FOR UPDATE SKIP LOCKED.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactMessages, jobs } from '~/server/db/schema';
import {
  CancelJob,
  claimDueJobs,
  defineJob,
  enqueueJob,
  processDueJobs,
  recoverInterruptedJobs,
  RescheduleJob,
} from '~/server/jobs/job-queue.server';
import { uid } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';

const t = withTestDatabase();

const calls: string[] = [];
let behaviour: 'ok' | 'fail' | 'later' | 'cancel' = 'ok';

const echoJob = defineJob({
  kind: 'test_echo',
  payload: z.object({ word: z.string().min(1) }),
  effect: 'external',
  async run({ word }) {
    if (behaviour === 'fail') throw new Error(`could not say ${word}`);
    if (behaviour === 'later') throw new RescheduleJob(new Date(Date.now() + 3600_000), 'quiet hours');
    if (behaviour === 'cancel') throw new CancelJob('no longer wanted');
    calls.push(word);
  },
});

/** Writes a contact message inside the job's transaction, then fails when asked: the write must not survive. */
const internalJob = defineJob({
  kind: 'test_internal',
  payload: z.object({ email: z.email(), fail: z.boolean() }),
  effect: 'internal',
  async run({ email, fail }, { db }) {
    await db.insert(contactMessages).values({ name: 'Job', email, message: 'written by a job' });
    if (fail) throw new Error('failed after writing');
  },
});

const row = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('job queue', () => {
  it('checks the payload when queued: a bad one throws and queues nothing', async () => {
    await expect(enqueueJob(t.db, echoJob, { word: '' })).rejects.toThrow();
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'test_echo'))).toHaveLength(0);
  });

  it('runs a due job once and marks it done', async () => {
    behaviour = 'ok';
    const id = await enqueueJob(t.db, echoJob, { word: 'hello' });
    expect(await processDueJobs(10, ['test_echo'])).toMatchObject({ done: 1 });
    expect(calls).toContain('hello');
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1, lastError: null });
    expect(await processDueJobs(10, ['test_echo'])).toMatchObject({ done: 0 });
  });

  it('retries a failing job with a growing delay and fails it after the last attempt', async () => {
    behaviour = 'fail';
    const id = await enqueueJob(t.db, echoJob, { word: 'retry' }, { dedupeKey: `k-${uid()}` });
    await processDueJobs(10, ['test_echo']);
    let job = await row(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'could not say retry' });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    for (let i = 0; i < 5; i += 1) {
      await t.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));
      await processDueJobs(10, ['test_echo']);
    }
    job = await row(id);
    expect(job).toMatchObject({ state: 'failed', attempts: 6 });
  });

  it('postpones without using an attempt, and cancels with the reason', async () => {
    behaviour = 'later';
    const later = await enqueueJob(t.db, echoJob, { word: 'night' });
    expect(await processDueJobs(10, ['test_echo'])).toMatchObject({ rescheduled: 1 });
    const postponed = await row(later);
    expect(postponed).toMatchObject({ state: 'queued', attempts: 0, lastError: 'quiet hours' });
    expect(postponed.runAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    await t.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, later));

    behaviour = 'cancel';
    const cancelled = await enqueueJob(t.db, echoJob, { word: 'stop' });
    expect(await processDueJobs(10, ['test_echo'])).toMatchObject({ cancelled: 1 });
    expect(await row(cancelled)).toMatchObject({ state: 'cancelled', lastError: 'no longer wanted' });
  });

  it('keeps one queued job per dedupe key, with the newest payload and the first due time', async () => {
    const key = `dedupe-${uid()}`;
    const runAt = new Date(Date.now() + 120_000);
    const first = await enqueueJob(t.db, echoJob, { word: 'first' }, { dedupeKey: key, runAt });
    const second = await enqueueJob(t.db, echoJob, { word: 'second' }, { dedupeKey: key, runAt: new Date(Date.now() + 240_000) });
    expect(second).toBe(first);
    const job = await row(first);
    expect(job.payload).toEqual({ word: 'second' });
    expect(Math.abs(job.runAt.getTime() - runAt.getTime())).toBeLessThan(1000);
  });

  it('commits an internal job’s writes with its completion, and rolls them back when it fails', async () => {
    const okEmail = `ok-${uid()}@example.com`;
    const badEmail = `bad-${uid()}@example.com`;
    await enqueueJob(t.db, internalJob, { email: okEmail, fail: false });
    const bad = await enqueueJob(t.db, internalJob, { email: badEmail, fail: true });
    await processDueJobs(10, ['test_internal']);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, okEmail))).toHaveLength(1);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, badEmail))).toHaveLength(0);
    expect(await row(bad)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'failed after writing' });
  });

  it('after the lease, an external job held by a dead worker is interrupted; an internal one is queued again', async () => {
    behaviour = 'ok';
    const external = await enqueueJob(t.db, echoJob, { word: 'lost' });
    const internal = await enqueueJob(t.db, internalJob, { email: `lease-${uid()}@example.com`, fail: false });
    const claimed = await claimDueJobs(10, ['test_echo', 'test_internal']);
    expect(claimed.map((j) => j.id).sort()).toEqual([external, internal].sort());
    await t.db.update(jobs).set({ lockedAt: sql`now() - interval '1 hour'` }).where(sql`${jobs.id} in (${external}, ${internal})`);
    expect(await recoverInterruptedJobs()).toBe(1);
    expect((await row(external)).state).toBe('interrupted');
    expect((await row(internal)).state).toBe('queued');
  });
});
