/**
 * Portal test data: a customer's vehicles, work orders, parts, quotes/invoices and repair photos (rows plus real
 * files in the test storage), and helpers to read what a loader returned or threw.
 */
import sharp from 'sharp';
import crypto from 'node:crypto';
import { customerDocuments, estimates, estimateVersions, workOrderParts } from '~/server/db/schema';
import { blankLine } from '~/lib/estimates/lines';
import { computeTotals, DEFAULT_TAX_RULE } from '~/lib/estimates/totals';
import { getDb } from '~/server/db/client.server';
import { getStorage } from '~/server/storage/storage.server';
import type { DocumentType } from '~/lib/work-order-status';
import { createVehicle, createWorkOrder, uid } from '../setup/factories';

/** A small real JPEG (solid colour), decodable by sharp and browsers. */
export async function makeJpeg(width = 64, height = 48): Promise<Uint8Array> {
  const buf = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } }).jpeg().toBuffer();
  return new Uint8Array(buf);
}

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Stores a file and its customer_documents row, as the back office's upload does. */
export async function addDocument(
  workOrder: { id: string; customerId: string },
  type: DocumentType,
  options: { bytes?: Uint8Array; store?: boolean; fileName?: string; contentType?: string } = {},
) {
  const isPhoto = type === 'repair_photo';
  const bucket = isPhoto ? ('repair-photos' as const) : ('customer-files' as const);
  const fileName = options.fileName ?? (isPhoto ? `photo-${uid()}.jpg` : `${type}-${uid()}.pdf`);
  const fileKey = `work_orders/${workOrder.id}/${Date.now()}-${fileName}`;
  const bytes = options.bytes ?? (isPhoto ? await makeJpeg() : PDF_BYTES);
  const contentType = options.contentType ?? (isPhoto ? 'image/jpeg' : 'application/pdf');
  if (options.store !== false) await getStorage().put(bucket, fileKey, bytes, { contentType });
  const [row] = await getDb()
    .insert(customerDocuments)
    .values({
      workOrderId: workOrder.id,
      customerId: workOrder.customerId,
      documentType: type,
      bucket,
      fileKey,
      fileName,
      contentType,
      sizeBytes: bytes.length,
    })
    .returning();
  return row!;
}

export interface SeededCustomer {
  vehicleIds: string[];
  workOrderIds: string[];
  workOrderNumbers: string[];
  vins: string[];
  photoIds: string[];
  documentIds: string[];
  partNumbers: string[];
  fileNames: string[];
  /** Estimate versions (issue 14), one per work order. */
  versionIds: string[];
}

/** `count` work orders (one vehicle each), each with one part, one photo and one quote; returns every marker. */
export async function seedCustomerData(customerId: string, count: number, tag = uid()): Promise<SeededCustomer> {
  const out: SeededCustomer = {
    vehicleIds: [],
    workOrderIds: [],
    workOrderNumbers: [],
    vins: [],
    photoIds: [],
    documentIds: [],
    partNumbers: [],
    fileNames: [],
    versionIds: [],
  };
  for (let i = 0; i < count; i += 1) {
    const vehicle = await createVehicle(customerId, { make: `Make${tag}`, model: `Model${tag}`, licensePlate: `P${tag}`.slice(0, 15) });
    const wo = await createWorkOrder(vehicle, { number: `WO-${tag}-${i}`, description: `Secret repair ${tag}`, status: 'Paint' });
    const partNumber = `PN-${tag}-${i}`;
    await getDb()
      .insert(workOrderParts)
      .values({ workOrderId: wo.id, partNumber, description: `Part ${tag}`, quantityUsed: 2, unitPriceAtTime: '10.00' });
    const photo = await addDocument(wo, 'repair_photo', { fileName: `photo-${tag}-${i}.jpg` });
    const quote = await addDocument(wo, 'quote', { fileName: `quote-${tag}-${i}.pdf` });
    out.vehicleIds.push(vehicle.id);
    out.workOrderIds.push(wo.id);
    out.workOrderNumbers.push(wo.workOrderNumber);
    out.vins.push(vehicle.vin);
    out.photoIds.push(photo.id);
    out.documentIds.push(quote.id);
    out.partNumbers.push(partNumber);
    out.fileNames.push(photo.fileName, quote.fileName);
    // An estimate version shown with that quote PDF (issue 14), with a line carrying the tag.
    const [estimate] = await getDb().insert(estimates).values({ workOrderId: wo.id }).returning({ id: estimates.id });
    const line = { ...blankLine(crypto.randomUUID(), 'part', `Estimate line ${tag}`), unitPriceCents: 1000 };
    const [version] = await getDb()
      .insert(estimateVersions)
      .values({
        estimateId: estimate!.id,
        workOrderId: wo.id,
        versionNumber: 1,
        kind: 'estimate',
        lines: [line],
        totals: computeTotals([line], DEFAULT_TAX_RULE, null),
        taxRule: DEFAULT_TAX_RULE,
        totalCents: 1083,
        documentId: quote.id,
        pdfSha256: '0'.repeat(64),
      })
      .returning({ id: estimateVersions.id });
    out.versionIds.push(version!.id);
  }
  return out;
}

/**
 * The text of whatever a loader/action returned or threw (data() results, Responses, plain objects). An event stream
 * (`/portal/events`) never ends: what it sent within `streamMs` is read and the stream is cancelled.
 */
export async function bodyText(value: unknown, streamMs = 300): Promise<string> {
  if (value instanceof Response && value.headers.get('Content-Type')?.startsWith('text/event-stream') && value.body) {
    const reader = value.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + streamMs;
    for (let left = streamMs; left > 0; left = deadline - Date.now()) {
      const result = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
      if (!result || result.done) break;
      text += decoder.decode(result.value, { stream: true });
    }
    await reader.cancel();
    return text;
  }
  if (value instanceof Response) return value.bodyUsed ? '' : await value.clone().text();
  if (value && typeof value === 'object' && 'data' in value && 'init' in value) return JSON.stringify((value as { data: unknown }).data);
  return JSON.stringify(value ?? null);
}
