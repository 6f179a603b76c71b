/**
 * The booking's day and time picker (issue 16 §2), HTML-first: a day list and the chosen day's free times as radio
 * buttons (`name="slot"`, value the start instant in ISO 8601). Without JavaScript, "Show times" submits the day list
 * to its own GET form (`dayFormId`, rendered by the page outside the booking form) and the page comes back with that
 * day's times; with the script (app/enhance/book.ts) the times change in place from `data-slots` and the button hides.
 */
export interface SlotPickerProps {
  /** From `slotPickerData` (app/server/booking/booking.server.ts). */
  data: {
    timeZone: string;
    days: { date: string; label: string; free: number }[];
    day: string | null;
    times: { value: string; label: string }[];
    all: Record<string, number[]>;
  };
  /** The id of the GET form the day list and "Show times" belong to. */
  dayFormId: string;
  /** The slot to show as chosen (after a refused post). */
  selected?: string | undefined;
  error?: string | undefined;
  phone: string;
}

export function SlotPicker({ data, dayFormId, selected, error, phone }: SlotPickerProps) {
  const dayLabel = data.days.find((d) => d.date === data.day)?.label ?? '';
  if (!data.day) {
    return (
      <p className="rounded border border-slate-300 bg-slate-50 p-4 text-slate-800">
        There are no free times to book online right now. Please call us at {phone}.
      </p>
    );
  }
  return (
    <fieldset
      data-slot-picker
      data-slots={JSON.stringify(data.all)}
      data-tz={data.timeZone}
      className="space-y-3"
      aria-describedby={error ? 'book-slot-error' : undefined}
    >
      <legend className="text-lg font-bold text-navy-900">Day and time</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="book-day" className="block text-sm font-semibold text-slate-800">
            Day
          </label>
          <select
            id="book-day"
            name="day"
            form={dayFormId}
            defaultValue={data.day}
            data-slot-day
            className="mt-1 block min-h-11 rounded border border-slate-500 bg-white px-3 py-2 text-base"
          >
            {data.days.map((d) => (
              <option key={d.date} value={d.date}>
                {d.label} ({d.free} {d.free === 1 ? 'time' : 'times'} free)
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          form={dayFormId}
          data-slot-show
          className="inline-flex min-h-11 items-center rounded border-2 border-navy-800 px-4 py-2 font-semibold text-navy-900 hover:bg-slate-100"
        >
          Show times
        </button>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800" data-slot-legend>
          Free times on {dayLabel}
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" data-slot-times>
          {data.times.map((t, i) => (
            <label key={t.value} className="slot-option">
              <input type="radio" name="slot" value={t.value} required={i === 0} defaultChecked={t.value === selected} className="peer sr-only" />
              <span className="flex min-h-11 items-center justify-center rounded border border-slate-500 px-2 py-2 text-base font-semibold text-navy-900 peer-checked:border-navy-900 peer-checked:bg-navy-900 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                {t.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id="book-slot-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
