/**
 * The booking page's one script (issue 16 §2; `/book` and `/book/manage/:token`). The pages work without it: it only
 * adds what saves a round trip.
 *
 * - `[data-slot-picker]`: picking another day shows that day's free times at once, from `data-slots` (every free start
 *   per day, minutes since the epoch) formatted in the shop's zone (`data-tz`); the "Show times" button, which reloads
 *   the page for that day without the script, is hidden.
 * - `input[type=file][data-max-files][data-max-bytes]`: too many or too large photos are flagged before the form is
 *   sent (the server checks again), so a visitor does not wait for a large upload only to be refused.
 */

function setUpSlotPicker(root: HTMLElement) {
  const select = root.querySelector<HTMLSelectElement>('[data-slot-day]');
  const times = root.querySelector<HTMLElement>('[data-slot-times]');
  const legend = root.querySelector<HTMLElement>('[data-slot-legend]');
  const show = root.querySelector<HTMLElement>('[data-slot-show]');
  if (!select || !times) return;
  let slots: Record<string, number[]>;
  try {
    slots = JSON.parse(root.dataset.slots ?? '{}') as Record<string, number[]>;
  } catch {
    return;
  }
  const timeZone = root.dataset.tz || undefined;
  const label = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const template = times.querySelector<HTMLLabelElement>('label');
  if (show) show.hidden = true;
  select.addEventListener('change', () => {
    const day = select.value;
    const starts = slots[day] ?? [];
    if (legend) legend.textContent = `Free times on ${select.selectedOptions[0]?.textContent?.replace(/\s*\(.*\)$/, '') ?? day}`;
    if (!template) return;
    const items = starts.map((minutes, i) => {
      const item = template.cloneNode(true) as HTMLLabelElement;
      const input = item.querySelector('input')!;
      const at = new Date(minutes * 60_000);
      input.value = at.toISOString();
      input.checked = false;
      input.required = i === 0;
      item.querySelector('span')!.textContent = label.format(at);
      return item;
    });
    times.replaceChildren(...items);
  });
}

function setUpPhotoLimits(input: HTMLInputElement) {
  const maxFiles = Number(input.dataset.maxFiles);
  const maxBytes = Number(input.dataset.maxBytes);
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    let message = '';
    if (files.length > maxFiles) message = `Please choose at most ${maxFiles} photos.`;
    else if (files.some((f) => f.size > maxBytes)) message = `Each photo must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`;
    input.setCustomValidity(message);
    if (message) input.reportValidity();
  });
}

document.querySelectorAll<HTMLElement>('[data-slot-picker]').forEach(setUpSlotPicker);
document.querySelectorAll<HTMLInputElement>('input[type=file][data-max-files][data-max-bytes]').forEach(setUpPhotoLimits);
