/**
 * Issue 14 end to end through the route actions and the real database, storage and PDFs: staff write an estimate,
 * send it, the customer signs it (ESIGN record, certificate), a supplement after approval, the final invoice and
 * payments; and what must be refused without writing anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, setStorage } from '~/server/storage/storage.server';
import * as editor from '~/routes/admin/work-orders/estimate';
import * as importPage from '~/routes/admin/work-orders/import-estimate';
import * as portalEstimate from '~/routes/portal/estimate';
import * as settingsPage from '~/routes/admin/settings';
import { ESIGN_CONSENT_TEXT } from '~/lib/schemas/estimate';
import { auditLog, customerDocuments, estimateLines, estimateSignatures, estimateVersions, estimates, jobs, repairInvoices, workOrders } from '~/server/db/schema';
import { getEstimateEditor } from '~/server/estimates/get-estimate.server';
import { readStoredDocument, sha256Hex } from '~/server/estimates/estimate-records.server';
import { createAccount, createVehicle, createWorkOrder, makeRequest, testContext } from '../setup/factories';
import { withTestDatabase } from '../setup/test-db';
import { createCustomerWithWorkOrder, createInventoryItem, dataOf, multipartRequest } from '../admin/helpers';
import { pdfText } from './pdf-text';
import { mailRows, mailField } from '../setup/smtp';

const t = withTestDatabase();

beforeAll(() => {
  setStorage(createLocalStorage(path.join(t.dataDir, 'files')));
});

type Result = { ok: boolean; message: string; fieldErrors: Record<string, string> };

async function staffPost(cookie: string, workOrderId: string, form: Record<string, string>) {
  const request = makeRequest(`/admin/work-orders/${workOrderId}/estimate`, { cookie, form });
  return dataOf<Result>(await editor.action({ request, params: { workOrderId }, context: testContext } as never));
}

async function customerPost(cookie: string, versionId: string, form: Record<string, string>, ip = '203.0.113.7') {
  const request = makeRequest(`/portal/estimates/${versionId}`, { cookie, form });
  request.headers.set('User-Agent', 'Mozilla/5.0 (test) Chromium');
  return dataOf<Result>(await portalEstimate.action({ request, params: { versionId }, context: { ...testContext, clientIp: ip } } as never));
}

/** Lines on the estimate of one work order. */
async function linesOf(workOrderId: string): Promise<number> {
  const rows = await t.db.select({ id: estimateLines.id }).from(estimateLines).innerJoin(estimates, eq(estimates.id, estimateLines.estimateId)).where(eq(estimates.workOrderId, workOrderId));
  return rows.length;
}

async function customerWithWorkOrder() {
  const customer = await createAccount({ name: 'Maria Lopez' });
  const vehicle = await createVehicle(customer.customerId!, { make: 'Toyota', model: 'Camry', year: 2021 });
  const workOrder = await createWorkOrder(vehicle);
  return { customer, vehicle, workOrder };
}

const part = (description: string, unitPrice: string, quantity = '1') => ({ intent: 'save-line', lineType: 'part', description, partNumber: 'BPR-123', partType: 'oem', quantity, unitPrice });
const labor = (description: string, hours: string, laborType = 'body') => ({ intent: 'save-line', lineType: 'labor', description, laborType, hours, rate: '' });

describe('writing and sending an estimate', () => {
  it('adds lines with the shop rate, computes totals in cents, freezes version 1 with its PDF and e-mails the customer', async () => {
    const admin = await createAccount({ admin: true });
    const { customer, workOrder } = await customerWithWorkOrder();
    expect((await staffPost(admin.cookie, workOrder.id, part('Front bumper cover 🚗 – pare-chocs', '412.50'))).data.ok).toBe(true);
    expect((await staffPost(admin.cookie, workOrder.id, labor('R&I front bumper', '2.5'))).data.ok).toBe(true);
    expect((await staffPost(admin.cookie, workOrder.id, labor('Refinish bumper', '3.0', 'refinish'))).data.ok).toBe(true);
    expect((await staffPost(admin.cookie, workOrder.id, { intent: 'save-line', lineType: 'paint_materials', description: 'Paint & materials', materialsMode: 'rate', rate: '' })).data.ok).toBe(true);

    const before = await getEstimateEditor(workOrder.id);
    // Defaults: body & refinish $58/h, materials $42 per refinish hour, 8.25 % on parts and materials.
    // parts 41250; labor 2.5×5800=14500 + 3.0×5800=17400; materials 3.0×4200=12600; taxable 41250+12600=53850 → tax 4442.625 → 4443.
    expect(before.totals).toMatchObject({ subtotalCents: 85750, taxableCents: 53850, taxCents: 4443, totalCents: 90193, customerPaysCents: 90193 });
    expect(before.lines[1]!.rateCents).toBe(5800);

    const sent = await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    expect(sent.data).toMatchObject({ ok: true });
    expect(sent.data.message).toContain('Estimate (version 1) sent for approval');
    const [version] = await t.db.select().from(estimateVersions).where(eq(estimateVersions.workOrderId, workOrder.id));
    expect(version).toMatchObject({ versionNumber: 1, kind: 'estimate', state: 'sent', totalCents: 90193 });
    const pdf = await readStoredDocument(t.db, version!.documentId);
    expect(sha256Hex(pdf!)).toBe(version!.pdfSha256);
    const text = await pdfText(pdf!);
    expect(text).toContain(workOrder.workOrderNumber);
    expect(text).toContain('$901.93');
    const [doc] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.id, version!.documentId));
    expect(doc).toMatchObject({ documentType: 'quote', customerId: customer.customerId });
    const mails = await mailRows(eq(jobs.workOrderId, workOrder.id));
    expect(mails.map((m) => m.toAddress)).toContain(customer.email);
    expect(mails.find((m) => m.kind === 'estimate_ready')!.textBody).toContain(`/portal/estimates/${version!.id}`);
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, before.estimateId!));
    expect(audit.map((a) => a.action).sort()).toEqual(['estimate.line_add', 'estimate.line_add', 'estimate.line_add', 'estimate.line_add', 'estimate.send']);

    // Sending again with nothing changed is refused and writes nothing.
    const again = await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    expect(again.status).toBe(409);
    expect(await t.db.$count(estimateVersions, eq(estimateVersions.workOrderId, workOrder.id))).toBe(1);
  });

  it('refuses bad lines with field messages and an empty estimate, writing nothing', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await customerWithWorkOrder();
    const cases: [Record<string, string>, string][] = [
      [labor('Hours negative', '-2'), 'hours'],
      [labor('Absurd hours', '1000'), 'hours'],
      [part('Too dear', '1000000.01'), 'unitPrice'],
      [part('Quantity times price over the cap', '200000', '6'), 'quantity'],
      [part('Zero quantity', '10', '0'), 'quantity'],
      [{ ...part('Line\nbreak', '10') }, 'description'],
      [{ intent: 'save-line', lineType: 'labor', description: 'No type', hours: '1' }, 'laborType'],
    ];
    for (const [form, field] of cases) {
      const r = await staffPost(admin.cookie, workOrder.id, form);
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.data.fieldErrors[field], JSON.stringify(form)).toBeTruthy();
    }
    const empty = await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toBe('Add at least one line before sending the estimate for approval.');
    expect(await linesOf(workOrder.id)).toBe(0);
  });

  it('links a part picked from inventory and takes its price when the price is left blank', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await customerWithWorkOrder();
    const stock = await createInventoryItem({ unitPrice: '37.40' });
    const picked = await staffPost(admin.cookie, workOrder.id, { ...part('Headlamp bulb', ''), partNumber: stock.partNumber });
    expect(picked.data.ok).toBe(true);
    const nonStock = await staffPost(admin.cookie, workOrder.id, { ...part('Special order trim', ''), partNumber: 'NOT-IN-STOCK-1' });
    expect(nonStock.status).toBe(400);
    expect(nonStock.data.fieldErrors.unitPrice).toBe('Enter the unit price, or a part number from inventory to use its price.');
    const view = await getEstimateEditor(workOrder.id);
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]).toMatchObject({ inventoryId: stock.id, unitPriceCents: 3740, partNumber: stock.partNumber });
  });

  it('caps an estimate at 250 lines with a clear message', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await customerWithWorkOrder();
    await staffPost(admin.cookie, workOrder.id, part('First', '1'));
    const [est] = await t.db.select().from(estimates).where(eq(estimates.workOrderId, workOrder.id));
    await t.db.execute(sql`insert into estimate_lines (estimate_id, position, line_type, description, quantity, unit_price_cents)
      select ${est!.id}, n + 1, 'part', 'Line ' || n, 1, 100 from generate_series(1, 249) n`);
    const r = await staffPost(admin.cookie, workOrder.id, part('Line 251', '1'));
    expect(r.status).toBe(400);
    expect(r.data.message).toContain('at most 250 lines');
    expect(await t.db.$count(estimateLines, eq(estimateLines.estimateId, est!.id))).toBe(250);
  });
});

describe('the customer signs (ESIGN record)', () => {
  async function sentEstimate() {
    const admin = await createAccount({ admin: true });
    const ctx = await customerWithWorkOrder();
    await staffPost(admin.cookie, ctx.workOrder.id, part('Hood', '650.00'));
    await staffPost(admin.cookie, ctx.workOrder.id, labor('Replace hood', '1.8'));
    await staffPost(admin.cookie, ctx.workOrder.id, {
      intent: 'save-claim',
      insurerName: 'Lone Star Mutual',
      claimNumber: 'LSM-2026-0042',
      deductible: '500',
      directRepairProgram: 'on',
    });
    await staffPost(admin.cookie, ctx.workOrder.id, { intent: 'send' });
    const [version] = await t.db.select().from(estimateVersions).where(eq(estimateVersions.workOrderId, ctx.workOrder.id));
    return { admin, ...ctx, version: version! };
  }

  it('records consent, typed name, time, IP, user agent and the PDF hash; locks the version; certificate for both sides', async () => {
    const { admin, customer, workOrder, version } = await sentEstimate();
    const noConsent = await customerPost(customer.cookie, version.id, { decision: 'approve', signerName: 'Maria Lopez', pdfSha256: version.pdfSha256 });
    expect(noConsent.status).toBe(400);
    expect(noConsent.data.fieldErrors.consent).toBe('Please accept the consent to sign electronically.');

    const signed = await customerPost(customer.cookie, version.id, { decision: 'approve', signerName: 'Maria Lopez', consent: 'on', pdfSha256: version.pdfSha256 });
    expect(signed.data.ok).toBe(true);
    const [signature] = await t.db.select().from(estimateSignatures).where(eq(estimateSignatures.versionId, version.id));
    expect(signature).toMatchObject({
      decision: 'approved',
      signerName: 'Maria Lopez',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test) Chromium',
      pdfSha256: version.pdfSha256,
      consentText: ESIGN_CONSENT_TEXT,
      customerId: customer.customerId,
    });
    const [after] = await t.db.select().from(estimateVersions).where(eq(estimateVersions.id, version.id));
    expect(after!.state).toBe('approved');
    const certificate = await pdfText((await readStoredDocument(t.db, signature!.certificateDocumentId!))!);
    expect(certificate).toContain(version.pdfSha256);
    expect(certificate).toContain('Maria Lopez');
    expect(certificate).toContain('203.0.113.7');
    const shopMail = await mailRows(mailField('purpose', 'estimate_decision'));
    expect(shopMail.some((m) => m.workOrderId === workOrder.id && m.subject.includes('approved'))).toBe(true);

    // Twice: refused, nothing changes.
    const twice = await customerPost(customer.cookie, version.id, { decision: 'decline', signerName: 'Maria Lopez', pdfSha256: version.pdfSha256 });
    expect(twice.status).toBe(409);
    expect(await t.db.$count(estimateSignatures, eq(estimateSignatures.versionId, version.id))).toBe(1);
    // The record is append-only and the version frozen, in the database itself.
    await expect(t.db.execute(sql`update estimate_signatures set signer_name = 'X' where id = ${signature!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update estimate_versions set total_cents = 1 where id = ${version.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update estimate_versions set state = 'declined' where id = ${version.id}`)).rejects.toThrow();

    // Staff see it approved.
    const view = await getEstimateEditor(workOrder.id);
    expect(view.versions[0]!.signature).toMatchObject({ decision: 'approved', signerName: 'Maria Lopez' });
    void admin;
  });

  it("refuses another customer's estimate, a superseded version and a changed PDF, writing nothing", async () => {
    const { admin, workOrder, customer, version } = await sentEstimate();
    const stranger = await createAccount();
    const other = await customerPost(stranger.cookie, version.id, { decision: 'approve', signerName: 'Eve', consent: 'on', pdfSha256: version.pdfSha256 }).then(
      () => null,
      (e: unknown) => e as Response,
    );
    expect(other?.status).toBe(403);
    const loader = await portalEstimate
      .loader({ request: makeRequest(`/portal/estimates/${version.id}`, { cookie: stranger.cookie }), params: { versionId: version.id }, context: testContext } as never)
      .then(() => null, (e: unknown) => e as Response);
    expect(loader?.status).toBe(403);

    const changed = await customerPost(customer.cookie, version.id, { decision: 'approve', signerName: 'Maria Lopez', consent: 'on', pdfSha256: 'a'.repeat(64) });
    expect(changed.status).toBe(409);

    await staffPost(admin.cookie, workOrder.id, part('Grille', '120'));
    await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    const superseded = await customerPost(customer.cookie, version.id, { decision: 'approve', signerName: 'Maria Lopez', consent: 'on', pdfSha256: version.pdfSha256 });
    expect(superseded.status).toBe(409);
    expect(superseded.data.message).toContain('replaced by a newer one');
    expect(await t.db.$count(estimateSignatures, eq(estimateSignatures.workOrderId, workOrder.id))).toBe(0);
  });

  it('a decline is recorded with its reason, the shop is told, and the next version is the estimate again', async () => {
    const { admin, workOrder, customer, version } = await sentEstimate();
    const declined = await customerPost(customer.cookie, version.id, {
      decision: 'decline',
      signerName: 'Maria Lopez',
      declineReason: 'I will get a second opinion.',
      pdfSha256: version.pdfSha256,
    });
    expect(declined.data).toMatchObject({ ok: true });
    const [signature] = await t.db.select().from(estimateSignatures).where(eq(estimateSignatures.versionId, version.id));
    expect(signature).toMatchObject({ decision: 'declined', declineReason: 'I will get a second opinion.' });
    expect(await pdfText((await readStoredDocument(t.db, signature!.certificateDocumentId!))!)).toContain('Maria Lopez');
    const mails = await mailRows(and(mailField('purpose', 'estimate_decision'), eq(jobs.workOrderId, workOrder.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('declined');
    expect(mails[0]!.textBody).toContain('I will get a second opinion.');
    await staffPost(admin.cookie, workOrder.id, part('Cheaper aftermarket hood', '420.00'));
    const again = await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    expect(again.data.message).toContain('Estimate (version 2)');
    const audit = await t.db.select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog).where(eq(auditLog.action, 'estimate.decline'));
    expect(audit.some((a) => a.actor === customer.userId)).toBe(true);
  });

  it('supplement S1 after approval shows what changed, is approved on its own, then the final invoice and payments', async () => {
    const { admin, workOrder, customer, version } = await sentEstimate();
    await customerPost(customer.cookie, version.id, { decision: 'approve', signerName: 'Maria Lopez', consent: 'on', pdfSha256: version.pdfSha256 });
    const editorView = await getEstimateEditor(workOrder.id);
    const hoodLabor = editorView.lines.find((l) => l.lineType === 'labor')!;
    await staffPost(admin.cookie, workOrder.id, { ...labor('Replace hood', '2.4'), lineId: hoodLabor.id, rate: '58.00' });
    await staffPost(admin.cookie, workOrder.id, part('Hood hinge (hidden damage)', '85.00', '2'));
    const s1 = await staffPost(admin.cookie, workOrder.id, { intent: 'send' });
    expect(s1.data.message).toContain('Supplement S1 (version 2)');
    const [v2] = await t.db.select().from(estimateVersions).where(and(eq(estimateVersions.versionNumber, 2), eq(estimateVersions.workOrderId, workOrder.id)));
    const changes = v2!.changes as { added: { description: string }[]; changed: unknown[]; removed: unknown[] };
    expect(changes.added.map((l) => l.description)).toEqual(['Hood hinge (hidden damage)']);
    expect(changes.changed).toHaveLength(1);
    expect(v2!.previousTotalCents).toBe(version.totalCents);
    expect(await pdfText((await readStoredDocument(t.db, v2!.documentId))!)).toContain('Hood hinge (hidden damage)');

    // Invoice waits while S1 is pending.
    expect((await staffPost(admin.cookie, workOrder.id, { intent: 'issue-invoice' })).status).toBe(409);
    await customerPost(customer.cookie, v2!.id, { decision: 'approve', signerName: 'Maria Lopez', consent: 'on', pdfSha256: v2!.pdfSha256 });
    expect((await staffPost(admin.cookie, workOrder.id, { intent: 'issue-invoice' })).data.ok).toBe(true);
    const [invoice] = await t.db.select().from(repairInvoices).where(eq(repairInvoices.workOrderId, workOrder.id));
    expect(invoice!.totalCents).toBe(v2!.totalCents);

    const tooMuch = await staffPost(admin.cookie, workOrder.id, { intent: 'record-payment', method: 'card', amount: String(invoice!.totalCents) });
    expect(tooMuch.status).toBe(400);
    const deductibleCents = 50000;
    const first = await staffPost(admin.cookie, workOrder.id, { intent: 'record-payment', method: 'card', amount: '500.00', reference: 'Visa 4242' });
    expect(first.data.message).toContain('Balance due');
    const rest = invoice!.totalCents - deductibleCents;
    const last = await staffPost(admin.cookie, workOrder.id, { intent: 'record-payment', method: 'insurance', amount: (rest / 100).toFixed(2) });
    expect(last.data.message).toContain('paid in full');
    const [paid] = await t.db.select().from(repairInvoices).where(eq(repairInvoices.id, invoice!.id));
    expect(paid!.paidDocumentId).toBeTruthy();
    const paidText = await pdfText((await readStoredDocument(t.db, paid!.paidDocumentId!))!);
    expect(paidText).toContain('PAID');
    const [paidDoc] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.id, paid!.paidDocumentId!));
    expect(paidDoc!.documentType).toBe('paid_invoice');
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, invoice!.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['repair_invoice.issue', 'repair_invoice.payment', 'repair_invoice.payment']);
  });
});

describe('BMS import and shop settings', () => {
  const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/bms', name)));

  it('imports a Mitchell export as a new work order with customer, vehicle, claim and the file totals beside ours', async () => {
    const admin = await createAccount({ admin: true });
    const request = multipartRequest('/admin/work-orders/import-estimate', {
      cookie: admin.cookie,
      fields: { workOrderNumber: 'WO-BMS-1' },
      files: [{ field: 'bmsFile', name: 'mitchell-593475061.xml', bytes: fixture('mitchell-593475061.xml'), type: 'text/xml' }],
    });
    const response = (await importPage.action({ request, params: {}, context: testContext } as never)) as Response;
    expect(response.status).toBe(302);
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.workOrderNumber, 'WO-BMS-1'));
    const view = await getEstimateEditor(wo!.id);
    expect(view.lines.length).toBeGreaterThan(5);
    expect(view.importedFrom).toBe('mitchell-593475061.xml');
    expect(view.fileTotals).not.toBeNull();
    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, view.estimateId!));
    expect(audit.map((a) => a.action)).toContain('estimate.import');
  });

  it('refuses a file that is not BMS, a truncated one and an entity bomb, writing nothing', async () => {
    const admin = await createAccount({ admin: true });
    const { workOrder } = await createCustomerWithWorkOrder();
    const whole = fixture('mitchell-599540605.xml');
    const bomb = new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><VehicleDamageEstimateAddRq>&lol2;</VehicleDamageEstimateAddRq>');
    for (const [name, bytes] of [
      ['not-bms.xml', fixture('not-bms-state-farm-sample.xml')],
      ['truncated.xml', whole.slice(0, Math.floor(whole.length / 2))],
      ['bomb.xml', bomb],
      ['photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])],
    ] as const) {
      const request = multipartRequest(`/admin/work-orders/${workOrder.id}/estimate?intent=import-bms`, {
        cookie: admin.cookie,
        fields: { intent: 'import-bms' },
        files: [{ field: 'bmsFile', name, bytes }],
      });
      const r = dataOf<Result>(await editor.action({ request, params: { workOrderId: workOrder.id }, context: testContext } as never));
      expect(r.status, name).toBe(400);
      expect(r.data.message.length, name).toBeGreaterThan(10);
    }
    expect(await linesOf(workOrder.id)).toBe(0);
  });

  it('saves settings used by new lines and refuses a bad tax rate', async () => {
    const admin = await createAccount({ admin: true });
    const form = { intent: 'save-settings', bodyRate: '62.50', refinishRate: '60', mechanicalRate: '110', frameRate: '80', structuralRate: '85', materialsRate: '45', taxRate: '8.25', taxedCategories: 'parts', estimateTerms: 'Valid 30 days.' };
    const bad = dataOf<Result>(await settingsPage.action({ request: makeRequest('/admin/settings', { cookie: admin.cookie, form: { ...form, taxRate: '31' } }), params: {}, context: testContext } as never));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.taxRate).toContain('between 0 and 30');
    const ok = dataOf<Result>(await settingsPage.action({ request: makeRequest('/admin/settings', { cookie: admin.cookie, form }), params: {}, context: testContext } as never));
    expect(ok.data.ok).toBe(true);
    const { workOrder } = await createCustomerWithWorkOrder();
    await staffPost(admin.cookie, workOrder.id, labor('Repair quarter panel', '4.0'));
    const view = await getEstimateEditor(workOrder.id);
    expect(view.lines[0]!.rateCents).toBe(6250);
    expect(view.rule.taxedCategories).toEqual(['parts']);
  });
});
