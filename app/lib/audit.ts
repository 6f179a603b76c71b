/**
 * The audit log's vocabulary (issue 6), shared by the server (which writes rows) and the Audit Log page (whose
 * record-type filter offers every entity type). An action is `{entityType}.{verb}`; docs/back-office.md lists what
 * each one records.
 */

/** Every kind of record an audit row can be about. */
export const AUDIT_ENTITY_TYPES = [
  'customer',
  'vehicle',
  'work_order',
  'work_order_part',
  'inventory',
  'document',
  'photo',
  'invoice',
  'profile',
  'contact_message',
  'mail',
  'sms',
  'job',
  'sms_consent',
  'estimate',
  'insurance_claim',
  'settings',
  'repair_invoice',
  'appointment',
  'site',
  'time_entry',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every audited write. */
export const AUDIT_ACTIONS = [
  'customer.create',
  'customer.update',
  'vehicle.create',
  'work_order.create',
  'work_order.status',
  'work_order.update',
  'work_order.assign',
  'work_order_part.add',
  'work_order_part.remove',
  'inventory.create',
  'inventory.update',
  'inventory.adjust',
  'inventory.receive',
  'document.upload',
  'photo.upload',
  'document.delete',
  'document.replace',
  'photo.delete',
  'invoice.create',
  'profile.role',
  // Issue 17 §2: staff accounts at /admin/staff.
  'profile.invite',
  'profile.deactivate',
  'profile.reactivate',
  'contact_message.read',
  'contact_message.unread',
  'mail.retry',
  'mail.dismiss',
  'sms.retry',
  'sms.dismiss',
  'sms.reply',
  'sms.read',
  'job.retry',
  'job.dismiss',
  'sms_consent.record',
  'work_order.status_link_reset',
  'estimate.line_add',
  'estimate.line_update',
  'estimate.line_remove',
  'estimate.line_move',
  'estimate.send',
  'estimate.approve',
  'estimate.decline',
  'estimate.import',
  'insurance_claim.save',
  'settings.update',
  'repair_invoice.issue',
  'repair_invoice.payment',
  'appointment.read',
  'appointment.confirm',
  'appointment.cancel',
  'appointment.no_show',
  'appointment.check_in',
  // Issue 16: the public site's content at /admin/site.
  'site.update',
  'site.closure_add',
  'site.closure_remove',
  'site.gallery_add',
  'site.gallery_update',
  'site.gallery_move',
  'site.gallery_delete',
  'site.testimonial_add',
  'site.testimonial_update',
  'site.testimonial_move',
  'site.testimonial_delete',
  // Issue 17 §3: technician time.
  'time_entry.clock_in',
  'time_entry.clock_out',
  'time_entry.correct',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** True when `value` is one of {@link AUDIT_ACTIONS}. */
export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The entity type an action is about: the part before the dot ('work_order.status' → 'work_order'). */
export function auditEntityType(action: AuditAction): AuditEntityType {
  return action.slice(0, action.indexOf('.')) as AuditEntityType;
}
