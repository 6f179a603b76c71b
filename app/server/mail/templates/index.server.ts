/**
 * Every e-mail template, for `loadMailTemplates()` (../load-templates.server.ts): each `render…Mail(facts)` returns
 * `{ subject, text, html }` for `enqueueMail`. Code that runs at start-up imports templates through that loader, never
 * directly (React Email's components weigh ~36 MB; tests/integration/start-footprint.test.ts checks it).
 */
export {
  type BookingMailFacts,
  BookingCancelledMail,
  BookingConfirmationMail,
  BookingReminderMail,
  renderBookingCancelledMail,
  renderBookingConfirmationMail,
  renderBookingReminderMail,
} from './booking-mail.server';
export {
  type ContactMessageFacts,
  ContactMessageMail,
  renderContactMessageMail,
} from './contact-message-mail.server';
export {
  type EstimateDecisionFacts,
  EstimateDecisionMail,
  renderEstimateDecisionMail,
} from './estimate-decision-mail.server';
export {
  type EstimateReadyFacts,
  EstimateReadyMail,
  renderEstimateReadyMail,
} from './estimate-ready-mail.server';
export {
  type ExistingAccountFacts,
  ExistingAccountMail,
  renderExistingAccountMail,
} from './existing-account-mail.server';
export {
  type PasswordResetFacts,
  PasswordResetMail,
  renderPasswordResetMail,
} from './password-reset-mail.server';
export {
  type ReviewRequestFacts,
  ReviewRequestMail,
  renderReviewRequestMail,
} from './review-request-mail.server';
export {
  type StatusUpdateFacts,
  StatusUpdateMail,
  renderStatusUpdateMail,
} from './status-update-mail.server';
export { type VerifyEmailFacts, VerifyEmailMail, renderVerifyEmailMail } from './verify-email-mail.server';
export {
  type StaffInviteFacts,
  StaffInviteMail,
  renderStaffInviteMail,
} from './staff-invite-mail.server';
