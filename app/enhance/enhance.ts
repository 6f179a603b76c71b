/**
 * The one script of the marketing pages (issue 7 item 8). The pages work without it: it adds only what the platform
 * lacks, each behaviour keyed to data attributes the server renders.
 *
 * - `[data-carousel]`: testimonial carousel: one slide at a time, previous/next wrap at both ends, auto-advance every
 *   12 s, paused on hover, focus and under `prefers-reduced-motion`; each change fades and slides the old slide out
 *   (0.6 s, waits for the exit) and the next in. Without the script every testimonial is listed.
 * - `[data-reveal]`: entrance animation once, 800 ms, for sections that start below the fold; none under reduced motion.
 * - `[data-scheduler]`: 'Choose a time' loads the booking calendar iframe only when asked for. Without the script a
 *   link opens the booking page.
 * - `[data-map]`: the 'Find Us' map iframe, created when its box comes within 600 px of the viewport (not before the
 *   first paint, unlike the browser's own lazy loading of this cross-origin frame). Without the script a <noscript>
 *   frame shows it.
 * - `[data-reel]`: click-to-play video placeholders become the privacy-enhanced player iframe. Without the script the
 *   placeholder is a link to the video.
 */

const AUTO_ADVANCE_MS = 12_000;
const TRANSITION_MS = 600;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function setUpCarousel(root: HTMLElement) {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const status = root.querySelector<HTMLElement>('[data-carousel-status]');
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  if (slides.length < 2 || !controls || !track) return;

  let index = 0;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;

  root.classList.add('is-enhanced');
  track.classList.add('is-carousel');
  controls.hidden = false;
  slides.forEach((slide, i) => {
    slide.classList.add('carousel-slide');
    slide.hidden = i !== index;
  });

  const showStatus = () => {
    if (status) status.textContent = `${index + 1} of ${slides.length}`;
    root.dataset.current = String(index);
  };

  // A change in progress: its two timers and the slides involved, so a quick second click can finish it at once.
  let pending: { timers: number[]; from: HTMLElement; to: HTMLElement } | undefined;
  const motionClasses = ['is-leaving', 'is-leaving-back', 'is-entering', 'is-entering-back'];

  const finishPending = () => {
    if (!pending) return;
    pending.timers.forEach((t) => window.clearTimeout(t));
    pending.from.classList.remove(...motionClasses);
    pending.to.classList.remove(...motionClasses);
    pending.from.hidden = true;
    pending.to.hidden = false;
    pending = undefined;
  };

  const go = (step: 1 | -1) => {
    finishPending();
    const from = slides[index]!;
    index = (index + step + slides.length) % slides.length;
    const to = slides[index]!;
    showStatus();
    if (reducedMotion()) {
      from.hidden = true;
      to.hidden = false;
      return;
    }
    const change: { timers: number[]; from: HTMLElement; to: HTMLElement } = { timers: [], from, to };
    pending = change;
    from.classList.add(step === 1 ? 'is-leaving' : 'is-leaving-back');
    change.timers.push(
      window.setTimeout(() => {
        // The old slide has left (0.6 s); the next one comes in from the side it is moving towards.
        from.hidden = true;
        from.classList.remove(...motionClasses);
        const entering = step === 1 ? 'is-entering' : 'is-entering-back';
        to.classList.add(entering);
        to.hidden = false;
        void to.offsetWidth; // start the entry transition from the offset position
        to.classList.remove(entering);
        change.timers.push(
          window.setTimeout(() => {
            if (pending === change) pending = undefined;
          }, TRANSITION_MS),
        );
      }, TRANSITION_MS),
    );
  };

  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (hovered || focused || reducedMotion()) {
      root.dataset.paused = 'true';
      track.setAttribute('aria-live', 'polite');
      return;
    }
    root.dataset.paused = 'false';
    track.setAttribute('aria-live', 'off');
    timer = window.setInterval(() => go(1), AUTO_ADVANCE_MS);
  };

  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(-1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(1));
  root.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  window.matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', schedule);
  showStatus();
  schedule();
}

function setUpReveal(elements: HTMLElement[]) {
  if (!elements.length || reducedMotion() || !('IntersectionObserver' in window)) return;
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target as HTMLElement;
      if (!seen.has(el)) {
        // First report: what is already on screen stays as it is; the rest waits below the fold.
        seen.add(el);
        if (entry.isIntersecting) observer.unobserve(el);
        else el.classList.add('reveal-pending');
        continue;
      }
      if (entry.isIntersecting) {
        el.classList.add('reveal-done');
        el.classList.remove('reveal-pending');
        observer.unobserve(el);
      }
    }
  });
  elements.forEach((el) => observer.observe(el));
}

function setUpScheduler(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>('[data-scheduler-open]');
  const link = root.querySelector<HTMLElement>('[data-scheduler-link]');
  const frame = root.querySelector<HTMLElement>('[data-scheduler-frame]');
  const src = root.dataset.src;
  if (!button || !frame || !src) return;
  button.hidden = false;
  if (link) link.hidden = true;
  button.addEventListener('click', () => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = 'Choose a time for your estimate';
    iframe.width = '100%';
    iframe.height = '700';
    iframe.className = 'block h-[700px] w-full rounded-lg border border-slate-300';
    frame.replaceChildren(iframe);
    frame.hidden = false;
    button.hidden = true;
    iframe.focus();
  });
}

function setUpMaps(boxes: HTMLElement[]) {
  const show = (box: HTMLElement) => {
    const src = box.dataset.map;
    if (!src || box.querySelector('iframe')) return;
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = box.dataset.mapTitle ?? 'Map';
    iframe.width = '1200';
    iframe.height = '400';
    iframe.referrerPolicy = 'no-referrer-when-downgrade';
    iframe.className = 'block h-[400px] w-full border-0';
    box.replaceChildren(iframe);
  };
  if (!('IntersectionObserver' in window)) {
    boxes.forEach(show);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        show(entry.target as HTMLElement);
      }
    },
    { rootMargin: '600px 0px' },
  );
  boxes.forEach((box) => observer.observe(box));
}

function setUpReel(link: HTMLAnchorElement) {
  link.addEventListener('click', (event) => {
    const src = link.dataset.reel;
    if (!src) return;
    event.preventDefault();
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = link.dataset.title ?? 'Video';
    iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    iframe.allowFullscreen = true;
    iframe.className = 'absolute inset-0 h-full w-full border-0';
    link.replaceWith(iframe);
    iframe.focus();
  });
}

function start() {
  document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(setUpCarousel);
  setUpReveal([...document.querySelectorAll<HTMLElement>('[data-reveal]')]);
  document.querySelectorAll<HTMLElement>('[data-scheduler]').forEach(setUpScheduler);
  setUpMaps([...document.querySelectorAll<HTMLElement>('[data-map]')]);
  document.querySelectorAll<HTMLAnchorElement>('a[data-reel]').forEach(setUpReel);
  document.documentElement.dataset.enhanced = 'true';
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
