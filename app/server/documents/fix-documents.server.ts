/**
 * Deleting or replacing a document or photo put on a work order by mistake (issue 17 §6 "Fix mistakes").
 *
 * - `deleteWorkOrderFile(actor, { workOrderId, documentId })` → `{ message }`: one transaction deletes the
 *   `customer_documents` row and writes the audit row ('document.delete' or 'photo.delete', with the row's fields);
 *   after the commit the file (and a photo's cached thumbnail) is removed from storage. A removal that fails is logged
 *   and left to the orphan sweep (the row is gone, so nothing links to the file).
 * - `replaceWorkOrderDocument(actor, { workOrderId, documentId, file })` → `{ message }`: the new file (same rules as an
 *   upload of that type: a photo JPEG/PNG/WebP, a document PDF or image, sniffed bytes) is stored first under a new
 *   key; one transaction points the row at it and writes 'document.replace' (old and new key, name, type, size); the
 *   old file goes after the commit. If the row cannot be updated the new file is removed again.
 *
 * Errors (nothing changes, no audit row): a document that is not on this work order → DomainError('not_found',
 * {@link FILE_NOT_ON_WORK_ORDER}); a document that is part of a sent estimate, a signature certificate or a paid
 * invoice record → DomainError('conflict', {@link FILE_IS_A_RECORD}) — those stay exactly as sent (issue 14).
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { recordAudit, type StaffActor } from '../audit/audit.server';
import { getDb, type Executor } from '../db/client.server';
import { customerDocuments, estimateSignatures, estimateVersions, repairInvoices } from '../db/schema';
import { DomainError, isUuid } from '../errors.server';
import { publishLive } from '../live/live.server';
import { log } from '../logger.server';
import { thumbnailKey } from '../portal/serve-document.server';
import { getStorage } from '../storage/storage.server';
import type { UploadedFile } from '../uploads/upload.server';
import { DOCUMENT_TYPES_ALLOWED, PHOTO_TYPES } from './upload-documents.server';

export const FILE_NOT_ON_WORK_ORDER = 'That document or photo is not on this work order (it may have been deleted already).';
export const FILE_IS_A_RECORD =
  'This file is the record of a sent estimate, a signature or an invoice, and is kept exactly as it was sent.';
export const fileDeletedMessage = (fileName: string) => `Deleted ${fileName}.`;
export const fileReplacedMessage = (oldName: string, newName: string) => `Replaced ${oldName} with ${newName}.`;

type DocumentRow = typeof customerDocuments.$inferSelect;

/** The row, locked, when it belongs to the work order and is no estimate, signature or invoice record. */
async function editableDocument(tx: Executor, workOrderId: string, documentId: string): Promise<DocumentRow> {
  if (!isUuid(workOrderId) || !isUuid(documentId)) throw new DomainError('not_found', FILE_NOT_ON_WORK_ORDER);
  const [row] = await tx
    .select()
    .from(customerDocuments)
    .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.workOrderId, workOrderId)))
    .for('update');
  if (!row) throw new DomainError('not_found', FILE_NOT_ON_WORK_ORDER);
  const [version] = await tx.select({ id: estimateVersions.id }).from(estimateVersions).where(eq(estimateVersions.documentId, documentId)).limit(1);
  const [signature] = await tx
    .select({ id: estimateSignatures.id })
    .from(estimateSignatures)
    .where(eq(estimateSignatures.certificateDocumentId, documentId))
    .limit(1);
  const [invoice] = await tx.select({ id: repairInvoices.id }).from(repairInvoices).where(eq(repairInvoices.paidDocumentId, documentId)).limit(1);
  if (version || signature || invoice) throw new DomainError('conflict', FILE_IS_A_RECORD);
  return row;
}

const auditFields = (row: Pick<DocumentRow, 'workOrderId' | 'customerId' | 'documentType' | 'bucket' | 'fileKey' | 'fileName' | 'contentType' | 'sizeBytes'>) => ({
  workOrderId: row.workOrderId,
  customerId: row.customerId,
  documentType: row.documentType,
  bucket: row.bucket,
  fileKey: row.fileKey,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
});

/** Removes a stored file and a photo's thumbnail after the row is gone; failures are logged (the orphan sweep retries). */
async function removeFiles(row: Pick<DocumentRow, 'bucket' | 'fileKey' | 'documentType'>): Promise<void> {
  const storage = getStorage();
  const keys = row.documentType === 'repair_photo' ? [row.fileKey, thumbnailKey(row.fileKey)] : [row.fileKey];
  for (const key of keys) {
    await storage.delete(row.bucket, key).catch((error: unknown) => {
      log().warn({ err: (error as Error).message, bucket: row.bucket, key }, 'fix documents: could not remove a file; the orphan sweep will');
    });
  }
}

export async function deleteWorkOrderFile(actor: StaffActor, input: { workOrderId: string; documentId: string }): Promise<{ message: string }> {
  const row = await getDb().transaction(async (tx) => {
    const doc = await editableDocument(tx, input.workOrderId, input.documentId);
    await tx.delete(customerDocuments).where(eq(customerDocuments.id, doc.id));
    await recordAudit(tx, actor, {
      action: doc.documentType === 'repair_photo' ? 'photo.delete' : 'document.delete',
      entityId: doc.id,
      before: auditFields(doc),
    });
    return doc;
  });
  await removeFiles(row);
  if (row.documentType === 'repair_photo') await publishLive({ workOrderId: row.workOrderId, customerId: row.customerId, change: 'photos' });
  return { message: fileDeletedMessage(row.fileName) };
}

export async function replaceWorkOrderDocument(
  actor: StaffActor,
  input: { workOrderId: string; documentId: string; file: UploadedFile | undefined },
): Promise<{ message: string }> {
  const { file } = input;
  if (!file) throw new DomainError('validation', 'Choose the file that replaces this one.', 'file');
  const [current] = isUuid(input.documentId) && isUuid(input.workOrderId)
    ? await getDb()
        .select({ documentType: customerDocuments.documentType })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.id, input.documentId), eq(customerDocuments.workOrderId, input.workOrderId)))
    : [];
  if (!current) throw new DomainError('not_found', FILE_NOT_ON_WORK_ORDER);
  const photo = current.documentType === 'repair_photo';
  const mime = file.sniffedType?.mime;
  if (!mime || !(photo ? (PHOTO_TYPES as readonly string[]) : DOCUMENT_TYPES_ALLOWED).includes(mime)) {
    throw new DomainError('validation', photo ? `${file.fileName} is not a JPEG, PNG or WebP image.` : 'Only PDF files or images are accepted.', 'file');
  }
  const name = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(-100) || `file.${file.sniffedType!.ext}`;
  const bucket = photo ? 'repair-photos' : 'customer-files';
  const key = photo
    ? `work_orders/${input.workOrderId}/${Date.now()}-${crypto.randomBytes(3).toString('hex')}-${name}`
    : `work_orders/${input.workOrderId}/${current.documentType}/${Date.now()}-${crypto.randomBytes(3).toString('hex')}-${name}`;
  const storage = getStorage();
  await storage.put(bucket, key, file.bytes, { contentType: mime });
  let old: DocumentRow;
  try {
    old = await getDb().transaction(async (tx) => {
      const doc = await editableDocument(tx, input.workOrderId, input.documentId);
      const next = { bucket, fileKey: key, fileName: name, contentType: mime, sizeBytes: file.size } as const;
      await tx.update(customerDocuments).set(next).where(eq(customerDocuments.id, doc.id));
      await recordAudit(tx, actor, {
        action: 'document.replace',
        entityId: doc.id,
        before: auditFields(doc),
        after: auditFields({ ...doc, ...next }),
      });
      return doc;
    });
  } catch (error) {
    await storage.delete(bucket, key).catch((e: unknown) => log().warn({ err: (e as Error).message, bucket, key }, 'fix documents: could not remove the new file'));
    throw error;
  }
  await removeFiles(old);
  if (photo) await publishLive({ workOrderId: old.workOrderId, customerId: old.customerId, change: 'photos' });
  return { message: fileReplacedMessage(old.fileName, name) };
}
