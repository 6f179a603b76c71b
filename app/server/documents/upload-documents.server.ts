/**
 * Customer documents and repair photos (admin-back-office §4-5, §7; DESIGN.md storage rules; DECISIONS 6).
 *
 * Both use cases store the files first, then insert all their `customer_documents` rows in one transaction; an upload
 * is all or nothing (several photos at once too): when a file cannot be stored or the rows fail, every file stored for
 * that upload is deleted again, so no file is left without its row. The same transaction writes the audit rows
 * ('document.upload' or, one per file, 'photo.upload': work order, customer, type, bucket, key, name, MIME type, size),
 * so a failed upload leaves none. Files are private and linked as `/files/documents/{documentId}` (that route checks
 * access).
 *
 * - `uploadCustomerDocument(actor, { workOrderId, documentType, file })`: quote or paid_invoice, PDF or image
 *   (sniffed bytes), bucket 'customer-files', key `work_orders/{id}/{documentType}/{timestamp}-{name}`.
 *   → `{ documentId, message: 'Document uploaded successfully for customer!' }`.
 * - `uploadRepairPhotos(actor, { workOrderId, files })`: JPEG, PNG or WebP (sniffed), bucket 'repair-photos',
 *   key `work_orders/{id}/{timestamp}-{name}` (extension jpg when the name has none), document_type 'repair_photo'.
 *   → `{ documentIds, message: 'File uploaded: /files/documents/{id}' }` (one line per file).
 * Errors (nothing stored, no row): DomainError('validation', 'Please select a work order, a file, and a document
 * type.'), 'Could not determine customer for selected work order.', 'Upload failed: …' / 'Error uploading document: …'
 * for a wrong file type; DomainError('unavailable', 503) with {@link DOCUMENT_STORE_FAILED} / {@link PHOTOS_STORE_FAILED}
 * when storage refuses a file, {@link DOCUMENT_RECORD_FAILED} / {@link PHOTOS_RECORD_FAILED} when the rows cannot be
 * written (the technical cause is logged, never shown).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Bucket, DocumentType } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { customerDocuments, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { log } from '../logger.server';
import { publishLive } from '../live/live.server';
import { getStorage } from '../storage/storage.server';
import type { UploadedFile } from '../uploads/upload.server';
import { DOCUMENT_UPLOAD_INVALID } from '~/lib/schemas/admin';

export const MB = 1024 * 1024;
export const PHOTO_MAX_BYTES = 15 * MB;
export const DOCUMENT_MAX_BYTES = 15 * MB;
export const PHOTO_MAX_FILES = 20;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES_ALLOWED = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/avif'];
export const DOCUMENT_UPLOADED = 'Document uploaded successfully for customer!';
export const CUSTOMER_UNKNOWN = 'Could not determine customer for selected work order.';

export const documentUrl = (documentId: string) => `/files/documents/${documentId}`;

/** The work order's customer, or DomainError with the spec's message. */
async function workOrderCustomer(workOrderId: string): Promise<string> {
  if (!isUuid(workOrderId)) throw new DomainError('validation', DOCUMENT_UPLOAD_INVALID);
  const [row] = await getDb()
    .select({ customerId: workOrders.customerId })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  if (!row) throw new DomainError('not_found', CUSTOMER_UNKNOWN);
  return row.customerId;
}

/** A storage-safe file name with an extension (the sniffed one when the name has none). */
function keyName(file: UploadedFile, defaultExt: string): string {
  const base = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-100) || 'file';
  return /\.[A-Za-z0-9]{1,5}$/.test(base) ? base : `${base}.${defaultExt}`;
}

interface PlannedFile {
  documentType: DocumentType;
  bucket: Bucket;
  key: string;
  file: UploadedFile;
  displayName: string;
}

/** What the user is told when storing or recording fails (the spec's prefixes; details go to the log only). */
interface FailureMessages {
  storeFailed: string;
  recordFailed: string;
}

export const DOCUMENT_STORE_FAILED = 'File upload failed: the file could not be stored. Nothing was saved; please try again.';
export const DOCUMENT_RECORD_FAILED =
  'Error saving document record: the document could not be recorded, so the file was not kept. Please try again.';
export const PHOTOS_STORE_FAILED = 'Upload failed: the photos could not be stored. Nothing was saved; please try again.';
export const PHOTOS_RECORD_FAILED = 'Upload failed: the photos could not be recorded, so none were kept. Please try again.';

/**
 * Stores every file, then inserts all their `customer_documents` rows in ONE transaction, so an upload is all or
 * nothing. When a put fails (say the third of five photos) the files already stored for this call are deleted; when
 * the transaction fails every stored file is deleted. Either way a DomainError('unavailable') with `messages` is
 * thrown and nothing of the upload remains. A process killed between "stored" and "committed" leaves files without a
 * row: the orphan sweep (`storage/orphan-sweep.server.ts`) removes them later. Returns the new ids in input order.
 */
async function storeAndRecord(
  actor: StaffActor,
  target: { workOrderId: string; customerId: string },
  planned: PlannedFile[],
  messages: FailureMessages,
): Promise<string[]> {
  const storage = getStorage();
  const stored: PlannedFile[] = [];
  const removeStored = async () => {
    for (const p of stored) {
      await storage.delete(p.bucket, p.key).catch((error: unknown) => {
        log().error({ err: (error as Error).message, bucket: p.bucket, key: p.key }, 'upload: could not remove a stored file');
      });
    }
  };
  try {
    for (const p of planned) {
      await storage.put(p.bucket, p.key, p.file.bytes, { contentType: p.file.sniffedType!.mime });
      stored.push(p);
    }
  } catch (error) {
    await removeStored();
    log().warn(
      { err: (error as Error).message, files: planned.length, removed: stored.length },
      'upload: storing a file failed; the files already stored for this upload were removed',
    );
    throw new DomainError('unavailable', messages.storeFailed);
  }
  // now() is fixed within a transaction: explicit, increasing times keep the upload order of a batch in the lists.
  const base = Date.now();
  const rows = planned.map((p, index) => ({
    id: crypto.randomUUID(),
    workOrderId: target.workOrderId,
    customerId: target.customerId,
    documentType: p.documentType,
    bucket: p.bucket,
    fileKey: p.key,
    fileName: p.displayName,
    contentType: p.file.sniffedType!.mime,
    sizeBytes: p.file.size,
    uploadedByUserId: actor.id,
    createdAt: new Date(base + index),
  }));
  try {
    await getDb().transaction(async (tx) => {
      await tx.insert(customerDocuments).values(rows);
      for (const row of rows) {
        await recordAudit(tx, actor, {
          action: row.documentType === 'repair_photo' ? 'photo.upload' : 'document.upload',
          entityId: row.id,
          after: {
            workOrderId: row.workOrderId,
            customerId: row.customerId,
            documentType: row.documentType,
            bucket: row.bucket,
            fileKey: row.fileKey,
            fileName: row.fileName,
            contentType: row.contentType,
            sizeBytes: row.sizeBytes,
          },
        });
      }
    });
  } catch (error) {
    await removeStored();
    const cause = (error as { cause?: Error }).cause ?? (error as Error);
    log().warn({ err: cause.message, files: planned.length }, 'upload: document rows failed; the stored files were removed');
    throw new DomainError('unavailable', messages.recordFailed);
  }
  return rows.map((r) => r.id);
}

let sequence = 0;
/** Milliseconds plus a per-process counter, so two files in the same millisecond never share a key. */
const stamp = () => `${Date.now()}${String((sequence = (sequence + 1) % 1000)).padStart(3, '0')}`;

export async function uploadCustomerDocument(
  actor: StaffActor,
  input: { workOrderId: string; documentType: 'quote' | 'paid_invoice'; file: UploadedFile | undefined },
): Promise<{ documentId: string; message: string }> {
  if (!input.file) throw new DomainError('validation', DOCUMENT_UPLOAD_INVALID);
  const customerId = await workOrderCustomer(input.workOrderId);
  const mime = input.file.sniffedType?.mime;
  if (!mime || !DOCUMENT_TYPES_ALLOWED.includes(mime)) {
    throw new DomainError('validation', 'Error uploading document: only PDF files or images are accepted.', 'file');
  }
  const name = keyName(input.file, input.file.sniffedType!.ext);
  const [documentId] = await storeAndRecord(
    actor,
    { workOrderId: input.workOrderId, customerId },
    [
      {
        documentType: input.documentType,
        bucket: 'customer-files',
        key: `work_orders/${input.workOrderId}/${input.documentType}/${stamp()}-${name}`,
        file: input.file,
        displayName: name,
      },
    ],
    { storeFailed: DOCUMENT_STORE_FAILED, recordFailed: DOCUMENT_RECORD_FAILED },
  );
  return { documentId: documentId!, message: DOCUMENT_UPLOADED };
}

export async function uploadRepairPhotos(
  actor: StaffActor,
  input: { workOrderId: string; files: UploadedFile[] },
): Promise<{ documentIds: string[]; message: string }> {
  if (!isUuid(input.workOrderId)) throw new DomainError('validation', 'Upload failed: choose a work order.', 'workOrderId');
  if (input.files.length === 0) throw new DomainError('validation', 'Upload failed: choose at least one image.', 'photos');
  const customerId = await workOrderCustomer(input.workOrderId);
  for (const file of input.files) {
    if (!file.sniffedType || !(PHOTO_TYPES as readonly string[]).includes(file.sniffedType.mime)) {
      throw new DomainError('validation', `Upload failed: ${file.fileName} is not a JPEG, PNG or WebP image.`, 'photos');
    }
  }
  const planned: PlannedFile[] = input.files.map((file) => {
    const name = keyName(file, 'jpg');
    return {
      documentType: 'repair_photo',
      bucket: 'repair-photos',
      key: `work_orders/${input.workOrderId}/${stamp()}-${name}`,
      file,
      displayName: name,
    };
  });
  const documentIds = await storeAndRecord(actor, { workOrderId: input.workOrderId, customerId }, planned, {
    storeFailed: PHOTOS_STORE_FAILED,
    recordFailed: PHOTOS_RECORD_FAILED,
  });
  await publishLive({ workOrderId: input.workOrderId, customerId, change: 'photos' });
  return { documentIds, message: documentIds.map((id) => `File uploaded: ${documentUrl(id)}`).join('\n') };
}
