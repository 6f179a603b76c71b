/**
 * The work-order form intents shared by the customer details page, the work order page and the Photos page:
 * 'add-part', 'upload-document', 'upload-photos', 'change-status', 'set-eta'. Each parses its form with the shared
 * Zod schema, calls the domain command with the acting staff user (who is recorded in the audit log), and answers `IntentResult` (spec messages).
 * `handleWorkOrderIntent(actor, form)` returns null for an intent it does not know.
 */
import { parseForm } from '~/lib/forms';
import { AddPartSchema, ChangeStatusSchema, DocumentUploadSchema, DOCUMENT_UPLOAD_INVALID, EstimatedDateSchema } from '~/lib/schemas/admin';
import type { SessionUser } from '../auth/session.server';
import { intentFailure, intentResult, type AdminForm } from '../documents/admin-form.server';
import { uploadCustomerDocument, uploadRepairPhotos } from '../documents/upload-documents.server';
import { addPartToWorkOrder } from '../inventory/add-part-to-work-order.server';
import { changeWorkOrderStatus, ESTIMATED_DATE_UPDATED, setEstimatedCompletionDate, statusChangeAnswer, unchangedStatusMessage } from './change-work-order-status.server';

const firstError = (errors: Record<string, string>) => Object.values(errors)[0] ?? 'Please check the form.';

export async function handleWorkOrderIntent(actor: SessionUser, form: AdminForm) {
  const intent = String(form.fields.get('intent') ?? '');
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
      const parsed = parseForm(EstimatedDateSchema, form.fields);
      if (!parsed.success) {
        return intentFailure(intent, `Failed to update estimated date: ${firstError(parsed.fieldErrors)}`, 400, parsed.fieldErrors);
      }
      return intentResult(intent, async () => {
        await setEstimatedCompletionDate(actor, parsed.data.workOrderId, parsed.data.estimatedCompletionDate);
        return ESTIMATED_DATE_UPDATED;
      });
    }
    default:
      return null;
  }
}
