/**
 * Customer documents and repair photos (admin-back-office §4-5, §7; DESIGN.md storage rules; DECISIONS 6).
 *
 * Both use cases store the file first, then insert the `customer_documents` row in a transaction; when the row fails
 * the stored file is deleted again, so no file is left without its row. The same transaction writes the audit row
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
 * Errors (nothing stored): DomainError('validation', 'Please select a work order, a file, and a document type.'),
 * 'Could not determine customer for selected work order.', 'Upload failed: …' / 'Error uploading document: …' for a
 * wrong file type; 'Error saving document record: …' when the row cannot be written.
 */
import { eq } from 'drizzle-orm';
import type { Bucket, DocumentType } from '~/lib/work-order-status';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb } from '../db/client.server';
import { customerDocuments, workOrders } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { log } from '../logger.server';
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

interface StoreAndRecord {
  actor: StaffActor;
  workOrderId: string;
  customerId: string;
  documentType: DocumentType;
  bucket: Bucket;
  key: string;
  file: UploadedFile;
  displayName: string;
}

/** Stores the bytes, inserts the row in a transaction, and removes the file when the row fails. */
async function storeAndRecord(s: StoreAndRecord): Promise<string> {
  const storage = getStorage();
  try {
    await storage.put(s.bucket, s.key, s.file.bytes, { contentType: s.file.sniffedType!.mime });
  } catch (error) {
    log().warn({ err: (error as Error).message }, 'file upload failed');
    throw new DomainError('unavailable', `File upload failed: ${(error as Error).message}`);
  }
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(customerDocuments)
        .values({
          workOrderId: s.workOrderId,
          customerId: s.customerId,
          documentType: s.documentType,
          bucket: s.bucket,
          fileKey: s.key,
          fileName: s.displayName,
          contentType: s.file.sniffedType!.mime,
          sizeBytes: s.file.size,
          uploadedByUserId: s.actor.id,
        })
        .returning();
      await recordAudit(tx, s.actor, {
        action: s.documentType === 'repair_photo' ? 'photo.upload' : 'document.upload',
        entityId: row!.id,
        after: {
          workOrderId: row!.workOrderId,
          customerId: row!.customerId,
          documentType: row!.documentType,
          bucket: row!.bucket,
          fileKey: row!.fileKey,
          fileName: row!.fileName,
          contentType: row!.contentType,
          sizeBytes: row!.sizeBytes,
        },
      });
      return row!.id;
    });
  } catch (error) {
    await storage.delete(s.bucket, s.key).catch(() => {});
    log().warn({ err: (error as Error).message }, 'document row failed; stored file removed');
    throw new DomainError('unavailable', `Error saving document record: ${(error as Error).message}`);
  }
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
  const documentId = await storeAndRecord({
    actor,
    workOrderId: input.workOrderId,
    customerId,
    documentType: input.documentType,
    bucket: 'customer-files',
    key: `work_orders/${input.workOrderId}/${input.documentType}/${stamp()}-${name}`,
    file: input.file,
    displayName: name,
  });
  return { documentId, message: DOCUMENT_UPLOADED };
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
  const documentIds: string[] = [];
  for (const file of input.files) {
    const name = keyName(file, 'jpg');
    documentIds.push(
      await storeAndRecord({
        actor,
        workOrderId: input.workOrderId,
        customerId,
        documentType: 'repair_photo',
        bucket: 'repair-photos',
        key: `work_orders/${input.workOrderId}/${stamp()}-${name}`,
        file,
        displayName: name,
      }),
    );
  }
  return { documentIds, message: documentIds.map((id) => `File uploaded: ${documentUrl(id)}`).join('\n') };
}
