/**
 * One appointment as the back office shows it (issue 16 §3): type, time, name, phone (tel: link), e-mail (mailto:),
 * vehicle, insurer and claim, description and the damage photos (thumbnails from the staff-only photo route), plus the
 * status buttons the status allows (`~/lib/appointments`; the server checks again). Works without JavaScript: the
 * buttons are plain form posts.
 */
import { Form, Link } from 'react-router';
import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_LABELS,
  canApply,
  type AppointmentStatus,
  type AppointmentType,
} from '~/lib/appointments';
import { dateTimeFormat } from '~/lib/intl';
import { secondaryButtonClass } from './ui';

export interface AppointmentCardData {
  id: string;
  type: AppointmentType;
  status: AppointmentStatus;
  startsAt: Date | string;
  endsAt: Date | string;
  name: string;
  phone: string;
  phoneE164: string | null;
  email: string;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vin: string | null;
  insurer: string | null;
  claimNumber: string | null;
  description: string;
  readAt: Date | string | null;
  workOrderId: string | null;
  photos: { id: string; fileName: string }[];
}

export const appointmentPhotoUrl = (photoId: string, thumb = false) =>
  `/admin/appointments/photos/${photoId}${thumb ? '?variant=thumb' : ''}`;

/** "2021 Toyota Camry", or "Vehicle not given". */
export function vehicleLabel(a: Pick<AppointmentCardData, 'vehicleYear' | 'vehicleMake' | 'vehicleModel'>): string {
  return [a.vehicleYear, a.vehicleMake, a.vehicleModel].filter(Boolean).join(' ') || 'Vehicle not given';
}

const STATUS_TONE: Record<AppointmentStatus, string> = {
  booked: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-700 line-through',
  no_show: 'bg-red-100 text-red-900',
  checked_in: 'bg-navy-900 text-white',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATUS_TONE[status]}`}>{APPOINTMENT_STATUS_LABELS[status]}</span>;
}

/** The confirm / cancel / no-show buttons the status allows, posting `intent` (and `appointmentId`) to `action`. */
export function AppointmentStatusButtons({ appointment, action, busy }: { appointment: AppointmentCardData; action?: string; busy?: boolean }) {
  const buttons = (
    [
      ['confirm', 'Confirm'],
      ['no-show', 'No-show'],
      ['cancel', 'Cancel appointment'],
    ] as const
  ).filter(([intent]) => canApply(intent, appointment.status));
  if (!buttons.length) return null;
  return (
    <Form method="post" action={action} className="flex flex-wrap gap-2">
      <input type="hidden" name="appointmentId" value={appointment.id} />
      {buttons.map(([intent, label]) => (
        <button key={intent} type="submit" name="intent" value={intent} disabled={busy} className={`${secondaryButtonClass} py-1 text-sm`}>
          {label}
        </button>
      ))}
    </Form>
  );
}

export function AppointmentCard({
  appointment: a,
  timeZone,
  headingLevel = 3,
  actions,
}: {
  appointment: AppointmentCardData;
  timeZone: string;
  headingLevel?: 2 | 3;
  actions?: React.ReactNode;
}) {
  const time = dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const unread = !a.readAt;
  return (
    <article
      aria-label={`${APPOINTMENT_TYPE_LABELS[a.type]} appointment, ${a.name}`}
      className={`rounded-lg border p-3 text-sm ${unread ? 'border-brand-600 bg-white shadow' : 'border-slate-200 bg-white'}`}
    >
      <p className="flex flex-wrap items-center gap-2">
        <time dateTime={new Date(a.startsAt).toISOString()} className="font-bold text-navy-900">
          {time.format(new Date(a.startsAt))}–{time.format(new Date(a.endsAt))}
        </time>
        <span className="font-semibold text-slate-800">{APPOINTMENT_TYPE_LABELS[a.type]}</span>
        <AppointmentStatusBadge status={a.status} />
        {unread ? <span className="rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">New</span> : null}
      </p>
      <Heading className="mt-1 text-base font-bold text-navy-900">
        <Link to={`/admin/appointments/${a.id}`} className="underline hover:text-brand-700">
          {a.name}
        </Link>
      </Heading>
      <p className="mt-1 break-words">
        <a href={`tel:${a.phoneE164 ?? a.phone}`} className="text-brand-700 underline">
          {a.phone}
        </a>
        {' · '}
        <a href={`mailto:${a.email}`} className="break-all text-brand-700 underline">
          {a.email}
        </a>
      </p>
      <p className="mt-1 text-slate-800">
        {vehicleLabel(a)}
        {a.vin ? <span className="text-slate-600"> · VIN {a.vin}</span> : null}
      </p>
      {a.insurer || a.claimNumber ? (
        <p className="mt-1 text-slate-800">
          Insurance: {a.insurer ?? 'insurer not given'}
          {a.claimNumber ? ` · claim ${a.claimNumber}` : ''}
        </p>
      ) : null}
      {a.description ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{a.description}</p> : null}
      {a.photos.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Damage photos">
          {a.photos.map((p) => (
            <li key={p.id}>
              <a href={appointmentPhotoUrl(p.id)} target="_blank" rel="noreferrer">
                <img
                  src={appointmentPhotoUrl(p.id, true)}
                  alt={`Damage: ${p.fileName}`}
                  width={96}
                  height={72}
                  loading="lazy"
                  className="h-18 w-24 rounded border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {a.workOrderId ? (
        <p className="mt-2">
          <Link to={`/admin/work-orders/details/${a.workOrderId}`} className="font-semibold text-brand-700 underline">
            Open the work order
          </Link>
        </p>
      ) : null}
      {actions ? <div className="mt-2">{actions}</div> : null}
    </article>
  );
}
