/**
 * "Repair update" (`kind = status_update`): to the customer when staff change a work order's status. The main button
 * opens the live status page (no login needed); a customer with an account also gets the portal's repair updates,
 * a walk-in (no account yet) the register page for their address. When the vehicle is Ready for Pickup the message
 * gives the shop's pickup hours. The estimated completion date is a calendar day ("Friday, April 5, 2030").
 */
import { formatCalendarDayLong } from '~/lib/format';
import type { WorkOrderStatus } from '~/lib/work-order-status';
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailLayout, Paragraph, TextLink } from './mail-layout.server';

export interface StatusUpdateFacts {
  customerName: string;
  workOrderNumber: string;
  /** "2021 Toyota Camry" */
  vehicle: string;
  status: WorkOrderStatus;
  /** 'YYYY-MM-DD', or null when no date is set. */
  estimatedCompletionDate: string | null;
  /** The no-login live status page. */
  statusUrl: string;
  /** The portal's repair updates (with an account), the register page for the address (without), or null to leave it out. */
  portalUrl: string | null;
  /** False for a walk-in customer: the portal line then says how to create the account with this address. */
  hasAccount: boolean;
  shopName: string;
  shopPhone: string;
  /** Shown when the status is Ready for Pickup, e.g. "Mon–Fri 8 AM–6 PM"; null to leave it out. */
  pickupHours: string | null;
}

const subjectOf = (f: StatusUpdateFacts) =>
  `Repair update for your ${f.vehicle}: ${f.status} (WO #${f.workOrderNumber})`;

export function StatusUpdateMail(f: StatusUpdateFacts) {
  const eta = f.estimatedCompletionDate ? formatCalendarDayLong(f.estimatedCompletionDate) : null;
  return (
    <MailLayout
      title={subjectOf(f)}
      preview={`Your ${f.vehicle} is now: ${f.status}.`}
      shopName={f.shopName}
      shopPhone={f.shopPhone}
    >
      <Paragraph>Hello {f.customerName},</Paragraph>
      <Paragraph>
        The status of your <strong>{f.vehicle}</strong> (work order #{f.workOrderNumber}) is now:{' '}
        <strong>{f.status}</strong>.
      </Paragraph>
      {f.status === 'Ready for Pickup' && f.pickupHours ? (
        <Paragraph>Your vehicle is ready. You can pick it up during our hours: {f.pickupHours}.</Paragraph>
      ) : null}
      {eta ? (
        <Paragraph>
          Estimated completion date: <strong>{eta}</strong>.
        </Paragraph>
      ) : null}
      <ActionButton href={f.statusUrl}>Follow your repair live</ActionButton>
      {f.portalUrl && f.hasAccount ? (
        <Paragraph>
          <TextLink href={f.portalUrl}>See the details and photos in your customer portal</TextLink>
        </Paragraph>
      ) : null}
      {f.portalUrl && !f.hasAccount ? (
        <Paragraph>
          For photos and documents too, create your customer portal account with this e-mail address at{' '}
          <TextLink href={f.portalUrl}>{f.portalUrl}</TextLink>
        </Paragraph>
      ) : null}
    </MailLayout>
  );
}

StatusUpdateMail.PreviewProps = {
  customerName: 'Jane Driver',
  workOrderNumber: '1042',
  vehicle: '2021 Toyota Camry',
  status: 'Ready for Pickup',
  estimatedCompletionDate: '2030-04-05',
  statusUrl: 'https://shop.example.com/status/preview-token',
  portalUrl: 'https://shop.example.com/register?email=jane%40example.com',
  hasAccount: false,
  shopName: 'C.A.R.S Collision & Refinish',
  shopPhone: '(281) 555-0143',
  pickupHours: 'Mon–Fri 8 AM–6 PM',
} satisfies StatusUpdateFacts;

/**
 * `renderStatusUpdateMail(facts)` → subject "Repair update for your {vehicle}: {status} (WO #{number})", plain text
 * and HTML. Throws RangeError for an estimated completion date that is not 'YYYY-MM-DD'.
 */
export async function renderStatusUpdateMail(f: StatusUpdateFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<StatusUpdateMail {...f} />)) };
}
