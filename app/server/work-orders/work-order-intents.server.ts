/**
 * The work-order form intents shared by the customer details page, the work order page and the Photos page:
 * 'add-part', 'upload-document', 'upload-photos', 'change-status', 'set-eta' (a date in the past asks first: issue 17 §6), and
 * the fixes of issue 17 §6: 'edit-description', 'remove-part', 'delete-file', 'replace-file', and technician time of
 * issue 17 §3: 'clock-in', 'clock-out', 'correct-time' (time/time-clock.server.ts; 403 without 'time.own' / 'time.correct'). Each parses its form with the shared
 * Zod schema, calls the domain command with the acting staff user (who is recorded in the audit log), and answers `IntentResult` (spec messages).
 * `handleWorkOrderIntent(actor, form)` returns null for an intent it does not know.
 */
import { parseForm } from '~/lib/forms';
import { formatCalendarDay } from '~/lib/format';
import {
  AddPartSchema,
  ChangeStatusSchema,
  ConfirmedEstimatedDateSchema,
  DocumentUploadSchema,
  DOCUMENT_UPLOAD_INVALID,
  RemovePartSchema,
  WorkOrderDescriptionSchema,
  WorkOrderFileSchema,
} from '~/lib/schemas/admin';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.server';
import { can, canSeeWorkOrder, forbidden, type Permission } from '../auth/permissions.server';
import { getDb } from '../db/client.server';
import { customerDocuments, workOrders } from '../db/schema';
import { intentFailure, intentResult, type AdminForm } from '../documents/admin-form.server';
import { uploadCustomerDocument, uploadRepairPhotos } from '../documents/upload-documents.server';
import { deleteWorkOrderFile, replaceWorkOrderDocument } from '../documents/fix-documents.server';
import { addPartToWorkOrder } from '../inventory/add-part-to-work-order.server';
import { removePartFromWorkOrder } from '../inventory/remove-part-from-work-order.server';
import {
  changeWorkOrderStatus,
  DESCRIPTION_UPDATED,
  ESTIMATED_DATE_UPDATED,
  setEstimatedCompletionDate,
  statusChangeAnswer,
  unchangedStatusMessage,
  updateWorkOrderDescription,
} from './change-work-order-status.server';
import { shopToday } from './list-work-orders.server';
import { isUuid } from '../errors.server';
import { ClockInSchema, CorrectTimeEntrySchema } from '~/lib/schemas/time';
import { clockIn, clockOut, correctTimeEntry, shopLocalToDate } from '../time/time-clock.server';

/** The question a date in the past gets before it is saved (issue 17 §6); the form then offers "Save it anyway". */
export const pastDateQuestion = (isoDate: string) =>
  `${formatCalendarDay(isoDate)} is in the past. Check the date, or choose “Save it anyway”.`;

const firstError = (errors: Record<string, string>) => Object.values(errors)[0] ?? 'Please check the form.';

/**
 * The permission each work-order intent needs (issue 17 §2). A technician may change the status, add photos and fix
 * their photos on their own work orders; Parts adds and removes parts; dates, descriptions and documents (quotes,
 * invoices: money) are for those who see every work order.
 */
export const WORK_ORDER_INTENT_PERMISSIONS: Record<string, readonly Permission[]> = {
  'add-part': ['parts_on_work_orders'],
  'remove-part': ['parts_on_work_orders'],
  'upload-document': ['work_orders.edit'],
  'upload-photos': ['photos'],
  'change-status': ['work_orders.status'],
  'set-eta': ['work_orders.edit'],
  'edit-description': ['work_orders.edit'],
  'delete-file': ['photos'],
  'replace-file': ['photos'],
  'clock-in': ['time.own'],
  'clock-out': ['time.own'],
  'correct-time': ['time.correct'],
};

/**
 * Throws a 403 Response when `actor` may not use `intent`, or a 404 Response when the form's work order is not one they
 * may see (a technician's unassigned ones), or when a technician names a document that is not a repair photo. Nothing
 * is changed before this passes. An intent missing from {@link WORK_ORDER_INTENT_PERMISSIONS} needs 'work_orders.edit'
 * (fail closed: a new intent is never open to every role by omission; the caller answers an unknown one 400).
 */
export async function authorizeWorkOrderIntent(actor: SessionUser, intent: string, fields: FormData): Promise<void> {
  const needed = WORK_ORDER_INTENT_PERMISSIONS[intent] ?? ['work_orders.edit'];
  if (!needed.every((p) => can(actor, p))) throw forbidden();
  if (can(actor, 'work_orders.all')) return;
  const notFound = () => new Response('Work order not found', { status: 404 });
  const workOrderId = String(fields.get('workOrderId') ?? '');
  if (!isUuid(workOrderId)) throw notFound();
  const [row] = await getDb()
    .select({ assignedTechnicianId: workOrders.assignedTechnicianId })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  if (!row || !canSeeWorkOrder(actor, row)) throw notFound();
  if (intent === 'delete-file' || intent === 'replace-file') {
    const documentId = String(fields.get('documentId') ?? '');
    if (!isUuid(documentId)) throw notFound();
    const [doc] = await getDb()
      .select({ documentType: customerDocuments.documentType })
      .from(customerDocuments)
      .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.workOrderId, workOrderId)));
    if (!doc || doc.documentType !== 'repair_photo') throw notFound();
  }
}

export async function handleWorkOrderIntent(actor: SessionUser, form: AdminForm) {
  const intent = String(form.fields.get('intent') ?? '');
  await authorizeWorkOrderIntent(actor, intent, form.fields);
  switch (intent) {
    case 'add-part': {
      const parsed = parseForm(AddPartSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => (await addPartToWorkOrder(actor, parsed.data)).message);
    }
    case 'upload-document': {
      if (form.uploadError) return intentFailure(intent, `Error uploading document: ${form.uploadError.message}`, form.uploadError.status);
      const parsed = parseForm(DocumentUploadSchema, form.fields);
      const file = form.files.find((f) => f.fieldName === 'file');
      if (!parsed.success || !file) return intentFailure(intent, DOCUMENT_UPLOAD_INVALID, 400);
      return intentResult(intent, async () => (await uploadCustomerDocument(actor, { ...parsed.data, file })).message);
    }
    case 'upload-photos': {
      if (form.uploadError) return intentFailure(intent, `Upload failed: ${form.uploadError.message}`, form.uploadError.status);
      const workOrderId = String(form.fields.get('workOrderId') ?? '');
      const files = form.files.filter((f) => f.fieldName === 'photos');
      return intentResult(intent, async () => (await uploadRepairPhotos(actor, { workOrderId, files })).message);
    }
    case 'change-status': {
      const parsed = parseForm(ChangeStatusSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => {
        const result = await changeWorkOrderStatus(actor, parsed.data.workOrderId, parsed.data.status, { notify: parsed.data.notify });
        if (!result.changed) return unchangedStatusMessage(result.workOrderNumber, parsed.data.status);
        return statusChangeAnswer(result.workOrderNumber, result.channels, result.notify);
      });
    }
    case 'set-eta': {
      // "Clear Date" posts clear=1 next to whatever the date input holds.
      if (form.fields.get('clear') === '1') form.fields.set('estimatedCompletionDate', '');
      const parsed = parseForm(ConfirmedEstimatedDateSchema, form.fields);
      if (!parsed.success) {
        return intentFailure(intent, `Failed to update estimated date: ${firstError(parsed.fieldErrors)}`, 400, parsed.fieldErrors);
      }
      const date = parsed.data.estimatedCompletionDate;
      if (date && date < shopToday() && !parsed.data.confirmPast) {
        const question = pastDateQuestion(date);
        return intentFailure(intent, question, 400, { estimatedCompletionDate: question, confirmPast: date });
      }
      return intentResult(intent, async () => {
        await setEstimatedCompletionDate(actor, parsed.data.workOrderId, parsed.data.estimatedCompletionDate);
        return ESTIMATED_DATE_UPDATED;
      });
    }
    case 'edit-description': {
      const parsed = parseForm(WorkOrderDescriptionSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => {
        await updateWorkOrderDescription(actor, parsed.data.workOrderId, parsed.data.description);
        return DESCRIPTION_UPDATED;
      });
    }
    case 'remove-part': {
      const parsed = parseForm(RemovePartSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => (await removePartFromWorkOrder(actor, parsed.data)).message);
    }
    case 'delete-file': {
      const parsed = parseForm(WorkOrderFileSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => (await deleteWorkOrderFile(actor, parsed.data)).message);
    }
    case 'replace-file': {
      if (form.uploadError) return intentFailure(intent, `Upload failed: ${form.uploadError.message}`, form.uploadError.status);
      const parsed = parseForm(WorkOrderFileSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      const file = form.files.find((f) => f.fieldName === 'file');
      return intentResult(intent, async () => (await replaceWorkOrderDocument(actor, { ...parsed.data, file })).message);
    }
    case 'clock-in': {
      const parsed = parseForm(ClockInSchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      return intentResult(intent, async () => (await clockIn(getDb(), actor, parsed.data.workOrderId)).message);
    }
    case 'clock-out':
      return intentResult(intent, async () => (await clockOut(getDb(), actor)).message);
    case 'correct-time': {
      const parsed = parseForm(CorrectTimeEntrySchema, form.fields);
      if (!parsed.success) return intentFailure(intent, firstError(parsed.fieldErrors), 400, parsed.fieldErrors);
      const { entryId, startedAt, endedAt, note } = parsed.data;
      return intentResult(intent, async () => {
        const result = await correctTimeEntry(getDb(), actor, {
          id: entryId,
          startedAt: shopLocalToDate(startedAt),
          endedAt: shopLocalToDate(endedAt),
          note,
        });
        return result.message;
      });
    }
    default:
      return null;
  }
}
