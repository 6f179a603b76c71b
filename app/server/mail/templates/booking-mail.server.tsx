/**
 * The online booking's e-mails to the visitor (issue 16 §2): the confirmation (sent with the `.ics` attachment), the
 * reminder the day before, and the notice that the shop cancelled the appointment (staff cancel in the back office). Both name the appointment type, the time in the shop's words, the vehicle, the shop's
 * address, and carry the manage link (cancel or reschedule). Everything the visitor typed is shown as text (React
 * escapes it), never as markup.
 */
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph } from './mail-layout.server';

export interface BookingMailFacts {
  name: string;
  /** "Free estimate" or "Vehicle drop-off". */
  typeLabel: string;
  /** "Tuesday, November 24, 2026 at 8:30 AM" (shop time). */
  when: string;
  /** "2021 Toyota Camry" or the VIN; '' when unknown. */
  vehicle: string;
  shopName: string;
  shopPhone: string;
  shopAddress: string;
  /** The visitor's manage link (cancel or reschedule). */
  manageUrl: string;
}

const confirmationSubject = (f: BookingMailFacts) => `Booked: ${f.typeLabel}, ${f.when}`;
const reminderSubject = (f: BookingMailFacts) => `Reminder: ${f.typeLabel} tomorrow, ${f.when}`;
const cancelledSubject = (f: BookingMailFacts) => `Cancelled: ${f.typeLabel}, ${f.when}`;

function Details(f: BookingMailFacts) {
  return (
    <>
      <Paragraph>
        <strong>{f.typeLabel}</strong>
        <br />
        {f.when}
        {f.vehicle ? (
          <>
            <br />
            Vehicle: {f.vehicle}
          </>
        ) : null}
        <br />
        {f.shopName}, {f.shopAddress}
      </Paragraph>
      <Paragraph>Need another time, or cannot come? Use the button below to reschedule or cancel.</Paragraph>
      <ActionButton href={f.manageUrl}>Reschedule or cancel</ActionButton>
    </>
  );
}

export function BookingConfirmationMail(f: BookingMailFacts) {
  return (
    <MailLayout title={confirmationSubject(f)} preview={`See you ${f.when}.`} shopName={f.shopName} shopPhone={f.shopPhone}>
      <Paragraph>Hello {f.name},</Paragraph>
      <Paragraph>Thank you for booking with {f.shopName}. Your appointment:</Paragraph>
      <Details {...f} />
      <Paragraph>The attached calendar file adds the appointment to your calendar.</Paragraph>
    </MailLayout>
  );
}

export function BookingReminderMail(f: BookingMailFacts) {
  return (
    <MailLayout title={reminderSubject(f)} preview={`See you ${f.when}.`} shopName={f.shopName} shopPhone={f.shopPhone}>
      <Paragraph>Hello {f.name},</Paragraph>
      <Paragraph>A reminder of your appointment with {f.shopName} tomorrow:</Paragraph>
      <Details {...f} />
    </MailLayout>
  );
}

export function BookingCancelledMail(f: BookingMailFacts) {
  return (
    <MailLayout title={cancelledSubject(f)} preview={`Your appointment on ${f.when} is cancelled.`} shopName={f.shopName} shopPhone={f.shopPhone}>
      <Paragraph>Hello {f.name},</Paragraph>
      <Paragraph>
        {f.shopName} has cancelled your appointment ({f.typeLabel}, {f.when}). Please do not come in at that time.
      </Paragraph>
      <Paragraph>
        To find another time, book again on our website or call us at {f.shopPhone}. We are sorry for the trouble.
      </Paragraph>
    </MailLayout>
  );
}

const preview: BookingMailFacts = {
  name: 'Jane Driver',
  typeLabel: 'Free estimate',
  when: 'Tuesday, November 24, 2026 at 8:30 AM',
  vehicle: '2021 Toyota Camry',
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  shopAddress: '123 Main St, Spring, TX 77373',
  manageUrl: 'https://example.com/book/manage/preview',
};
BookingConfirmationMail.PreviewProps = preview;
BookingReminderMail.PreviewProps = preview;
BookingCancelledMail.PreviewProps = preview;

/** `renderBookingConfirmationMail(facts)` → subject "Booked: {type}, {when}", plain text and HTML. */
export async function renderBookingConfirmationMail(f: BookingMailFacts): Promise<RenderedMail> {
  return { subject: confirmationSubject(f), ...(await renderMail(<BookingConfirmationMail {...f} />)) };
}

/** `renderBookingReminderMail(facts)` → subject "Reminder: {type} tomorrow, {when}", plain text and HTML. */
export async function renderBookingReminderMail(f: BookingMailFacts): Promise<RenderedMail> {
  return { subject: reminderSubject(f), ...(await renderMail(<BookingReminderMail {...f} />)) };
}

/** `renderBookingCancelledMail(facts)` → subject "Cancelled: {type}, {when}", plain text and HTML. */
export async function renderBookingCancelledMail(f: BookingMailFacts): Promise<RenderedMail> {
  return { subject: cancelledSubject(f), ...(await renderMail(<BookingCancelledMail {...f} />)) };
}
