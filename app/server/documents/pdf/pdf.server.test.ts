/**
 * The estimate, supplement, approval certificate and invoice PDFs (issue 14 "Documents"): rendered from realistic
 * lines and totals, then read back with pdfjs (its legacy build, which runs on Node; here in the test's own process)
 * to check what a customer or adjuster would read.
 */
import { readPdf, type PdfText } from '../../../../tests/estimates/pdf-text';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EstimateLine, blankLine, compareLines } from '~/lib/estimates/lines';
import { DEFAULT_TAX_RULE, computeTotals } from '~/lib/estimates/totals';
import { formatCents } from '~/lib/money';
import { renderApprovalCertificatePdf } from './approval-certificate-pdf.server';
import { type EstimatePdfInput, renderEstimatePdf } from './estimate-pdf.server';
import type { PdfClaim, ShopLetterhead } from './pdf-parts.server';
import { renderRepairInvoicePdf } from './repair-invoice-pdf.server';
import { printable } from './render-pdf.server';


const allText = (pdf: PdfText) => pdf.pageTexts.join('\n');

function line(
  id: string,
  type: EstimateLine['lineType'],
  description: string,
  fields: Partial<EstimateLine>,
) {
  return { ...blankLine(id, type, description), ...fields };
}

const LABOR_OPERATION = 'R&I bumper façade — réinstallé, Škoda-style clips 🚗💥';

const ESTIMATE_LINES: EstimateLine[] = [
  line('p1', 'part', 'Front bumper cover', {
    partNumber: '52119-06988',
    partType: 'oem',
    unitPriceCents: 41235,
  }),
  line('p2', 'part', 'Headlamp assembly, LH', {
    partNumber: '81150-06E80',
    partType: 'oem',
    unitPriceCents: 68900,
    bettermentPercent: 20,
  }),
  line('p3', 'part', 'Fog lamp bezel', {
    partNumber: 'TO1038198',
    partType: 'aftermarket',
    quantity: 2,
    unitPriceCents: 2450,
  }),
  line('l1', 'labor', LABOR_OPERATION, { laborType: 'body', hoursTenths: 15, rateCents: 5800 }),
  line('l2', 'labor', 'Refinish bumper cover', { laborType: 'refinish', hoursTenths: 24, rateCents: 5800 }),
  line('l3', 'labor', 'Aim headlamps', { laborType: 'mechanical', hoursTenths: 5, rateCents: 9500 }),
  line('m1', 'paint_materials', 'Paint & materials', { materialsMode: 'rate', rateCents: 4200 }),
  line('s1', 'sublet', 'Four-wheel alignment', { vendor: 'Lone Star Alignment', amountCents: 12995 }),
  line('f1', 'fee', 'Hazardous waste disposal', { amountCents: 1500 }),
  line('f2', 'fee', 'Interior detail (customer request)', { amountCents: 8900, customerPay: true }),
  line('d1', 'discount', 'Loyalty discount', { amountCents: 2500, discountAppliesTo: 'labor' }),
];

const CLAIM: PdfClaim = {
  insurerName: 'Lone Star Mutual',
  claimNumber: 'LSM-2026-0048213',
  policyNumber: 'TX-88412-07',
  adjusterName: 'Dana Whitfield',
  adjusterPhone: '(512) 555-0147',
  adjusterEmail: 'dwhitfield@lonestarmutual.example',
  deductibleCents: 50000,
  dateOfLoss: 'Nov 18, 2026',
  pointOfImpact: 'Front left',
  directRepairProgram: true,
};

let shop: ShopLetterhead;

beforeAll(async () => {
  const logo = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  shop = {
    name: 'Hill Country Collision & Paint',
    addressLines: ['1200 Ranch Road 620 N', 'Austin, TX 78734'],
    phone: '(512) 555-0199',
    email: 'office@hillcountrycollision.example',
    logo: { data: logo, contentType: 'image/png' },
  };
});

afterEach(() => vi.restoreAllMocks());

function estimateInput(lines: EstimateLine[], claim: PdfClaim | null): EstimatePdfInput {
  return {
    shop,
    title: 'Estimate',
    versionLabel: 'Version 1 · sent Nov 24, 2026',
    workOrderNumber: 'WO-10427',
    customer: {
      name: 'María José Núñez',
      email: 'mj.nunez@example.com',
      phone: '(512) 555-0123',
      address: '77 Oak St, Austin TX',
    },
    vehicle: {
      year: 2021,
      make: 'Toyota',
      model: 'Camry SE',
      color: 'Celestial Silver',
      vin: '4T1G11AK5MU123456',
      licensePlate: 'LKX-4821',
      odometer: 45210,
    },
    claim,
    lines,
    totals: computeTotals(lines, DEFAULT_TAX_RULE, claim ? claim.deductibleCents : null),
    changes: null,
    previousTotalCents: null,
    terms: 'Estimate valid for 30 days.\nHidden damage found during repair is added as a supplement.',
  };
}

describe('estimate PDF', () => {
  it('shows the letterhead, parties, grouped lines and the totals an insurer and customer split', async () => {
    const warn = vi.spyOn(console, 'warn');
    const input = estimateInput(ESTIMATE_LINES, CLAIM);
    const pdf = await readPdf(await renderEstimatePdf(input));
    const text = allText(pdf);
    expect(pdf.pages).toBe(2);
    for (const expected of [
      'Hill Country Collision & Paint',
      'WO-10427',
      'Version 1 · sent Nov 24, 2026',
      'María José Núñez',
      '4T1G11AK5MU123456',
      'LSM-2026-0048213',
      '52119-06988',
      'Parts (3)',
      'Labor (3)',
      'Paint & materials (1)',
      'Sublet (1)',
      'Fees & misc (2)',
      'Discounts (1)',
      'R&I bumper façade — réinstallé, Škoda-style clips',
      'Customer pay',
      'Betterment 20%',
      '2.4 refinish h × $42.00/h',
      'Tax (8.25%)',
      formatCents(input.totals.totalCents),
      'Insurance pays',
      formatCents(input.totals.insurancePaysCents),
      'Customer pays',
      formatCents(input.totals.customerPaysCents),
      'Hidden damage found during repair',
      'Page 1 of 2',
    ]) {
      expect(text).toContain(expected);
    }
    // The emoji were left out rather than drawn as empty boxes.
    expect(text).not.toContain('\u0000');
    expect(text).toMatch(/Škoda-style clips\s/);
    // pdfmake was given its policies, so it did not warn about URL or file access.
    expect(warn).not.toHaveBeenCalled();
  });

  it('without a claim shows no insurance figures and no line marks', async () => {
    const input = estimateInput(ESTIMATE_LINES, null);
    const text = allText(await readPdf(await renderEstimatePdf({ ...input, shop: { ...shop, logo: null } })));
    expect(text).toContain(formatCents(input.totals.totalCents));
    expect(text).not.toContain('Insurance pays');
    expect(text).not.toContain('Customer pay');
  });

  it('for a supplement lists the lines added, changed and removed and the change of the total', async () => {
    const approved = ESTIMATE_LINES;
    const approvedTotals = computeTotals(approved, DEFAULT_TAX_RULE, CLAIM.deductibleCents);
    const supplement = [
      ...approved.filter((l) => l.id !== 's1').map((l) => (l.id === 'l1' ? { ...l, hoursTenths: 22 } : l)),
      line('p4', 'part', 'Radiator support, upper', {
        partNumber: '53216-06080',
        partType: 'oem',
        unitPriceCents: 31820,
      }),
    ];
    const input: EstimatePdfInput = {
      ...estimateInput(supplement, CLAIM),
      title: 'Supplement S1',
      versionLabel: 'Version 2 · sent Nov 29, 2026',
      changes: compareLines(approved, supplement),
      previousTotalCents: approvedTotals.totalCents,
      previousLineAmounts: approvedTotals.lineAmounts,
    };
    const text = allText(await readPdf(await renderEstimatePdf(input)));
    expect(text).toContain('Supplement S1');
    expect(text).toContain('Changes since the last approved version');
    expect(text).toContain('Added (1)');
    expect(text).toContain('Parts: Radiator support, upper');
    expect(text).toContain('Changed (1)');
    expect(text).toContain('Hours 1.5 to 2.2');
    expect(text).toContain(formatCents(approvedTotals.lineAmounts.l1!));
    expect(text).toContain(formatCents(input.totals.lineAmounts.l1!));
    expect(text).toContain('Removed (1)');
    expect(text).toContain('Sublet: Four-wheel alignment');
    expect(text).toContain(`+${formatCents(input.totals.totalCents - approvedTotals.totalCents)}`);
  });

  it('renders 150 lines on several pages with the table headers repeated and "Page X of N"', async () => {
    const lines: EstimateLine[] = [];
    for (let i = 1; i <= 100; i += 1) {
      lines.push(
        line(
          `p${i}`,
          'part',
          `Part ${i}: clip, retainer or panel with a longer description to wrap sometimes`,
          {
            partNumber: `PN-${String(i).padStart(5, '0')}`,
            partType: i % 3 === 0 ? 'aftermarket' : 'oem',
            quantity: 1 + (i % 4),
            unitPriceCents: 1000 + i * 137,
          },
        ),
      );
    }
    for (let i = 1; i <= 45; i += 1) {
      lines.push(
        line(`l${i}`, 'labor', `Operation ${i} ✓`, {
          laborType: i % 2 ? 'body' : 'refinish',
          hoursTenths: 3 + i,
          rateCents: 5800,
        }),
      );
    }
    lines.push(line('m', 'paint_materials', 'Paint & materials', { materialsMode: 'rate', rateCents: 4200 }));
    for (let i = 1; i <= 4; i += 1) lines.push(line(`f${i}`, 'fee', `Fee ${i}`, { amountCents: 1500 }));
    const input = estimateInput(lines, CLAIM);
    const pdf = await readPdf(await renderEstimatePdf(input));
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(pdf.pageTexts[0]).toContain(`Page 1 of ${pdf.pages}`);
    expect(pdf.pageTexts.at(-1)).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    // The parts table runs onto page 2, with its header rows repeated.
    expect(pdf.pageTexts[1]).toContain('Parts (100)');
    expect(pdf.pageTexts[1]).toContain('Part number');
    const text = allText(pdf);
    expect(text).toContain('PN-00100');
    expect(text).toContain(formatCents(input.totals.totalCents));
  });

  it('refuses totals computed for other lines', async () => {
    const input = estimateInput(ESTIMATE_LINES, null);
    await expect(
      renderEstimatePdf({ ...input, totals: computeTotals([], DEFAULT_TAX_RULE, null) }),
    ).rejects.toThrow(/not in the totals/);
  });
});

describe('printable', () => {
  const latinOnly = (codePoint: number) => codePoint < 0x250 || codePoint === 0x2014;
  it('keeps what the font draws, drops emoji, marks other missing characters and spaces out control characters', () => {
    expect(printable('Plain ASCII: 52119-06988 $12.00', latinOnly)).toBe('Plain ASCII: 52119-06988 $12.00');
    expect(printable('façade — Núñez © ®', latinOnly)).toBe('façade — Núñez © ®');
    expect(printable('Bumper 🚗💥 fix 👍🏽 ❤️ 👨‍👩‍👧 🇺🇸', latinOnly)).toBe('Bumper  fix    ');
    expect(printable('A → B, 日本', latinOnly)).toBe('A ? B, ??');
    expect(printable('a\tb\r\nc\rd\u0000e', latinOnly)).toBe('a b\nc\nd e');
  });
});

describe('approval certificate PDF', () => {
  it('prints the signer, the decision and the full SHA-256 of the signed file on one line', async () => {
    const signed = await renderEstimatePdf(estimateInput(ESTIMATE_LINES, CLAIM));
    const sha = createHash('sha256').update(signed).digest('hex');
    const signature = await sharp({
      create: { width: 300, height: 90, channels: 4, background: '#ffffff00' },
    })
      .png()
      .toBuffer();
    const totals = computeTotals(ESTIMATE_LINES, DEFAULT_TAX_RULE, CLAIM.deductibleCents);
    const input = {
      shop,
      documentTitle: 'Estimate',
      workOrderNumber: 'WO-10427',
      versionNumber: 1,
      decision: 'approved' as const,
      signerName: 'María José Núñez',
      signedAt: 'Nov 24, 2026, 3:12 PM CST',
      signedAtUtc: '2026-11-24T21:12:05.123Z',
      ipAddress: '203.0.113.42',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      documentSha256: sha,
      documentFileName: 'WO-10427-estimate-v1.pdf',
      consentText:
        'I agree to use electronic records and signatures.\nI may ask for a paper copy at no charge.',
      consentAcceptedAt: 'Nov 24, 2026, 3:11 PM CST',
      totalCents: totals.totalCents,
      customerPaysCents: totals.customerPaysCents,
      signatureImage: signature,
      certificateId: 'cert_01JD4W9K2Z',
    };
    const pdf = await readPdf(await renderApprovalCertificatePdf(input));
    const text = allText(pdf);
    expect(pdf.items).toContain(sha);
    expect(text).toContain('Approval certificate');
    expect(text).toContain('María José Núñez');
    expect(text).toContain('2026-11-24T21:12:05.123Z');
    expect(text).toContain('203.0.113.42');
    expect(text).toContain(formatCents(totals.totalCents));
    expect(text).toContain('I may ask for a paper copy');

    const declined = allText(
      await readPdf(
        await renderApprovalCertificatePdf({ ...input, decision: 'declined', signatureImage: null }),
      ),
    );
    expect(declined).toContain('Decline record');
    expect(declined).toContain('declined Estimate');
    await expect(renderApprovalCertificatePdf({ ...input, documentSha256: 'abc' })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('repair invoice PDF', () => {
  const base = () => {
    const { customer, vehicle, claim, lines, totals } = estimateInput(ESTIMATE_LINES, CLAIM);
    return {
      shop,
      invoiceNumber: 'INV-2026-0311',
      issuedAt: 'Dec 3, 2026',
      workOrderNumber: 'WO-10427',
      customer,
      vehicle,
      claim,
      lines,
      totals,
    };
  };

  it('shows the lines, the payments and the balance due', async () => {
    const b = base();
    const payments = [
      {
        receivedAt: 'Dec 3, 2026',
        method: 'insurance' as const,
        reference: 'EFT 99812',
        amountCents: b.totals.insurancePaysCents,
      },
    ];
    const balance = b.totals.customerPaysCents;
    const text = allText(
      await readPdf(
        await renderRepairInvoicePdf({
          ...b,
          payments,
          paidCents: b.totals.insurancePaysCents,
          balanceDueCents: balance,
          status: 'Balance due',
        }),
      ),
    );
    expect(text).toContain('INV-2026-0311');
    expect(text).toContain('52119-06988');
    expect(text).toContain('EFT 99812');
    expect(text).toContain(`Balance due ${formatCents(balance)}`);
    expect(text).not.toContain('PAID');
  });

  it('marks a paid invoice PAID', async () => {
    const b = base();
    const payments = [
      {
        receivedAt: 'Dec 3, 2026',
        method: 'insurance' as const,
        reference: 'EFT 99812',
        amountCents: b.totals.insurancePaysCents,
      },
      {
        receivedAt: 'Dec 4, 2026',
        method: 'card' as const,
        reference: null,
        amountCents: b.totals.customerPaysCents,
      },
    ];
    const text = allText(
      await readPdf(
        await renderRepairInvoicePdf({
          ...b,
          payments,
          paidCents: b.totals.totalCents,
          balanceDueCents: 0,
          status: 'Paid',
        }),
      ),
    );
    expect(text).toContain('PAID');
    expect(text).toContain('Card');
    expect(text).toContain(formatCents(b.totals.totalCents));
  });
});
