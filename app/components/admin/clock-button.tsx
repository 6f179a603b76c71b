/**
 * Technician time on a phone (issue 17 §3): a one-tap Clock in / Clock out button, the time entries of a work order with
 * its touch time, and the owner's correction form. Plain form POSTs to the work order page's action (intents
 * 'clock-in', 'clock-out', 'correct-time'), so they work before JavaScript loads; with it, a fetcher keeps the page in
 * place and the loaders refresh.
 */
import { Form, useFetcher } from 'react-router';
import { formatTenths } from '~/lib/money';
import { buttonClass, secondaryButtonClass, useFormatDate } from './ui';

/** The viewer's open clock, if any (from `getOpenClock`). */
export interface OpenClock {
  workOrderId: string;
  workOrderNumber: string;
  startedAt: Date | string;
}

/** An intent's answer (IntentResult of the work order page). */
interface ClockResult {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
}

export interface ClockButtonProps {
  /** The work order the button clocks in on. */
  workOrderId: string;
  workOrderNumber: string;
  /** The signed-in user's open entry anywhere, or null. */
  openClock: OpenClock | null;
  /** The answer of a no-JavaScript POST on this page (the page's actionData), shown when there is no fetcher answer. */
  result?: ClockResult | null;
  /** Smaller text on a board card; the tap target stays at least 44 px high. */
  compact?: boolean;
}

const bigButton = 'min-h-12 w-full text-lg sm:w-auto';

/**
 * Clock in on `workOrderId`, or clock out when the user's open clock is here. When it is on another work order, says
 * so and offers Clock out there first. Posts to `/admin/work-orders/details/{workOrderId}`.
 */
export function ClockButton({ workOrderId, workOrderNumber, openClock, result, compact = false }: ClockButtonProps) {
  const fetcher = useFetcher<ClockResult>();
  const formatDate = useFormatDate();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data ?? (result && (result.intent === 'clock-in' || result.intent === 'clock-out') ? result : null);
  const here = openClock?.workOrderId === workOrderId;
  const elsewhere = openClock && !here ? openClock : null;
  const intent = openClock ? 'clock-out' : 'clock-in';
  const label = here ? 'Clock out' : elsewhere ? `Clock out of ${elsewhere.workOrderNumber}` : 'Clock in';
  return (
    <fetcher.Form method="post" action={`/admin/work-orders/details/${workOrderId}`} className={compact ? 'space-y-1' : 'space-y-2'}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="workOrderId" value={workOrderId} />
      {openClock ? (
        <p className={compact ? 'text-xs text-slate-700' : 'text-sm text-slate-700'}>
          Clocked in on {openClock.workOrderNumber} since {formatDate(openClock.startedAt, true)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-label={`${label}${here || !openClock ? ` on ${workOrderNumber}` : ''}`}
        className={`${here || elsewhere ? secondaryButtonClass : buttonClass} ${compact ? 'min-h-11 w-full' : bigButton}`}
      >
        {busy ? (intent === 'clock-in' ? 'Clocking in...' : 'Clocking out...') : label}
      </button>
      {answer ? (
        <p role={answer.ok ? 'status' : 'alert'} className={`text-sm font-semibold ${answer.ok ? 'text-green-800' : 'text-red-700'}`}>
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** One time entry as the page shows it (from `listTimeEntries`, with the correction form's local defaults). */
export interface TimeEntryView {
  id: string;
  technicianName: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  tenths: number | null;
  correctionNote: string | null;
  /** `datetime-local` defaults in the shop's time zone. */
  startedLocal: string;
  endedLocal: string;
}

/** The entries list with touch time, and (for the owner) a correction form per entry. */
export function TimeEntries({
  workOrderId,
  entries,
  touchTenths,
  canCorrect,
  result,
}: {
  workOrderId: string;
  entries: TimeEntryView[];
  touchTenths: number;
  canCorrect: boolean;
  result?: ClockResult | null;
}) {
  const formatDate = useFormatDate();
  const correction = result?.intent === 'correct-time' ? result : null;
  return (
    <div>
      <p className="font-semibold text-slate-900">Touch time: {formatTenths(touchTenths)} h</p>
      {correction ? (
        <p role={correction.ok ? 'status' : 'alert'} className={`mt-1 text-sm font-semibold ${correction.ok ? 'text-green-800' : 'text-red-700'}`}>
          {correction.message}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-700">No time clocked yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {entries.map((e) => (
            <li key={e.id} className="py-2">
              <p>
                <span className="font-semibold">{e.technicianName}</span>: {formatDate(e.startedAt, true)} –{' '}
                {e.endedAt ? formatDate(e.endedAt, true) : 'clocked in now'}
                {e.tenths !== null ? ` (${formatTenths(e.tenths)} h)` : ''}
              </p>
              {e.correctionNote ? <p className="text-sm text-slate-700">Corrected: {e.correctionNote}</p> : null}
              {canCorrect ? (
                <details className="mt-1">
                  <summary className="cursor-pointer py-2 font-semibold text-brand-700 underline">Correct this entry</summary>
                  <Form method="post" action={`/admin/work-orders/details/${workOrderId}`} className="mt-2 grid gap-2 sm:grid-cols-2">
                    <input type="hidden" name="intent" value="correct-time" />
                    <input type="hidden" name="entryId" value={e.id} />
                    <label className="flex flex-col text-sm font-semibold">
                      Start
                      <input type="datetime-local" name="startedAt" required defaultValue={e.startedLocal} className="mt-1 min-h-11 rounded border border-slate-400 px-2" />
                    </label>
                    <label className="flex flex-col text-sm font-semibold">
                      End
                      <input type="datetime-local" name="endedAt" required defaultValue={e.endedLocal} className="mt-1 min-h-11 rounded border border-slate-400 px-2" />
                    </label>
                    <label className="flex flex-col text-sm font-semibold sm:col-span-2">
                      Why (kept in the audit log)
                      <input type="text" name="note" required maxLength={500} className="mt-1 min-h-11 rounded border border-slate-400 px-2" />
                    </label>
                    <button type="submit" className={`${buttonClass} min-h-11`}>
                      Save correction
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
