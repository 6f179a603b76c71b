/**
 * Parts of the `/admin/site` page (issue 16): the gallery and testimonial lists (edit, publish/hide, Up/Down, delete;
 * each a plain form that works without JavaScript), a labelled text area and the action's message.
 */
import { Form, useNavigation } from 'react-router';
import { buttonClass, secondaryButtonClass, SelectField, TimedMessage } from '~/components/admin/ui';
import { FormMessage, TextField } from '~/components/ui/field';
import { CATEGORY_LABELS, GALLERY_CATEGORIES, type GalleryCategory } from '~/content/gallery';
import { siteImageUrl, type SiteImageInfo } from '~/lib/site-images';

/** What the /admin/site action answers. */
export interface SiteActionResult {
  intent: string;
  ok: boolean;
  message: string;
  fieldErrors: Record<string, string>;
  values?: Record<string, string> | undefined;
  id?: string | undefined;
  at: number;
}

/** The result's message: timed on success, kept on error. */
export function ResultMessage({ r }: { r: SiteActionResult | undefined }) {
  if (!r) return null;
  return r.ok ? <TimedMessage text={r.message} token={r} /> : <FormMessage text={r.message} tone="error" />;
}

/** A labelled text area with hint and error. */
export function TextArea({
  label,
  name,
  id = `site-${name}`,
  defaultValue,
  error,
  hint,
  required,
}: {
  label: string;
  name: string;
  id?: string;
  defaultValue?: string | undefined;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="mt-1 block w-full rounded border border-slate-400 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function ActionButton({
  intent,
  id,
  label,
  extra,
  danger,
}: {
  intent: string;
  id: string;
  label: string;
  extra?: Record<string, string>;
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('id') === id;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        disabled={busy}
        className={`${secondaryButtonClass} min-h-11 px-3 py-1 text-sm ${danger ? 'border-red-700 text-red-800' : ''}`}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * A gallery item's or testimonial's state and its buttons: Published/Hidden, Publish or Hide, Move up/down (not past
 * either end), Delete. Posts `{kind}` intents: `publish-photo`, `move-testimonial`, … with the row's `id`.
 */
function ItemControls({
  kind,
  id,
  published,
  index,
  count,
}: {
  kind: 'photo' | 'testimonial';
  id: string;
  published: boolean;
  index: number;
  count: number;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span
        className={`rounded px-2 py-1 text-xs font-bold ${published ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
      >
        {published ? 'Published' : 'Hidden'}
      </span>
      <ActionButton
        intent={published ? `hide-${kind}` : `publish-${kind}`}
        id={id}
        label={published ? 'Hide' : 'Publish'}
      />
      {index > 0 ? (
        <ActionButton intent={`move-${kind}`} id={id} extra={{ direction: 'up' }} label="Move up" />
      ) : null}
      {index < count - 1 ? (
        <ActionButton intent={`move-${kind}`} id={id} extra={{ direction: 'down' }} label="Move down" />
      ) : null}
      <ActionButton intent={`delete-${kind}`} id={id} label="Delete" danger />
    </div>
  );
}

interface GalleryRow {
  id: string;
  caption: string;
  category: GalleryCategory;
  published: boolean;
  image: SiteImageInfo;
  beforeImage: SiteImageInfo | null;
}

const thumb = (image: SiteImageInfo, alt: string) => (
  <img
    src={siteImageUrl(image, image.widths[0]!, image.formats.includes('webp') ? 'webp' : image.formats[0]!)}
    width={120}
    height={Math.round((120 * image.height) / image.width)}
    alt={alt}
    loading="lazy"
    className="h-auto w-28 rounded border border-slate-200"
  />
);

/** Every gallery item, hidden ones included, in order. */
export function SiteGalleryList({
  items,
  actionData,
}: {
  items: GalleryRow[];
  actionData: SiteActionResult | undefined;
}) {
  if (!items.length)
    return (
      <p className="mt-2 text-sm text-slate-700">No photos yet: the home page shows the drawn demo pair.</p>
    );
  return (
    <ol className="mt-3 divide-y divide-slate-200">
      {items.map((item, i) => {
        const mine = actionData?.id === item.id ? actionData : undefined;
        const errors = mine?.intent === 'update-photo' ? mine.fieldErrors : {};
        return (
          <li key={item.id} className="py-3" data-gallery-item={item.id}>
            <div className="flex flex-wrap items-start gap-3">
              <div className="flex gap-1">
                {item.beforeImage ? thumb(item.beforeImage, `Before: ${item.caption}`) : null}
                {thumb(item.image, item.beforeImage ? `After: ${item.caption}` : item.caption)}
              </div>
              <Form method="post" className="min-w-64 flex-1 space-y-2" noValidate>
                <input type="hidden" name="intent" value="update-photo" />
                <input type="hidden" name="id" value={item.id} />
                <TextField
                  label={`Caption of item ${i + 1}`}
                  name="caption"
                  required
                  defaultValue={mine?.values?.caption ?? item.caption}
                  error={errors.caption}
                />
                <SelectField
                  label={`Category of item ${i + 1}`}
                  name="category"
                  defaultValue={item.category}
                  error={errors.category}
                >
                  {GALLERY_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </SelectField>
                <button type="submit" className={`${buttonClass} text-sm`}>
                  Save<span className="sr-only"> item {i + 1}</span>
                </button>
              </Form>
            </div>
            <ItemControls
              kind="photo"
              id={item.id}
              published={item.published}
              index={i}
              count={items.length}
            />
            {mine ? <ResultMessage r={mine} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

interface TestimonialRow {
  id: string;
  name: string;
  quote: string;
  published: boolean;
}

/** Every testimonial, hidden ones included, in order. */
export function SiteTestimonialList({
  items,
  actionData,
}: {
  items: TestimonialRow[];
  actionData: SiteActionResult | undefined;
}) {
  if (!items.length)
    return (
      <p className="mt-2 text-sm text-slate-700">
        No testimonials saved yet: the home page shows the built-in five.
      </p>
    );
  return (
    <ol className="mt-3 divide-y divide-slate-200">
      {items.map((t, i) => {
        const mine = actionData?.id === t.id ? actionData : undefined;
        const errors = mine?.intent === 'update-testimonial' ? mine.fieldErrors : {};
        return (
          <li key={t.id} className="py-3" data-testimonial={t.id}>
            <Form method="post" className="space-y-2" noValidate>
              <input type="hidden" name="intent" value="update-testimonial" />
              <input type="hidden" name="id" value={t.id} />
              <TextField
                label={`Name of testimonial ${i + 1}`}
                name="name"
                required
                defaultValue={mine?.values?.name ?? t.name}
                error={errors.name}
              />
              <TextArea
                id={`quote-${t.id}`}
                label={`Quote of testimonial ${i + 1}`}
                name="quote"
                required
                defaultValue={mine?.values?.quote ?? t.quote}
                error={errors.quote}
              />
              <button type="submit" className={`${buttonClass} text-sm`}>
                Save<span className="sr-only"> testimonial {i + 1}</span>
              </button>
            </Form>
            <ItemControls
              kind="testimonial"
              id={t.id}
              published={t.published}
              index={i}
              count={items.length}
            />
            {mine ? <ResultMessage r={mine} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
