/**
 * Every URL of the product, listed explicitly (the spec fixes them). Files under routes/ mirror the URL.
 * Tests enumerate this config (authorization matrix), so a new route cannot be forgotten.
 */
import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

export const SERVICE_SLUGS = [
  'collision-repair',
  'paint-refinish',
  'custom-paint',
  'paintless-dent-repair',
  'bedliners-accessories',
  'light-mechanical',
] as const;

export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('services', 'routes/public/services.tsx'),
    ...SERVICE_SLUGS.map((slug) =>
      route(`services/${slug}`, 'routes/public/service.tsx', { id: `routes/public/service/${slug}` }),
    ),
    route('contact', 'routes/public/contact.tsx'),
    route('repair-gallery', 'routes/public/repair-gallery.tsx'),
    route('financing', 'routes/public/financing.tsx'),
    // Online booking (issue 16): HTML-first, never page-cached; the manage page is opened by the visitor's token.
    route('book', 'routes/public/book.tsx'),
    route('book/manage/:token', 'routes/public/book-manage.tsx'),
    route('login', 'routes/auth/login.tsx'),
    route('register', 'routes/auth/register.tsx'),
    route('login/two-factor', 'routes/auth/two-factor-challenge.tsx'),
    route('account/two-factor', 'routes/auth/two-factor-setup.tsx'),
    route('account/password', 'routes/auth/choose-password.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  // Old links in the wild (DECISIONS 1).
  route('collision-repair', 'routes/resources/legacy-redirect.tsx', { id: 'legacy/collision-repair' }),
  route('repairgallery', 'routes/resources/legacy-redirect.tsx', { id: 'legacy/repairgallery' }),
  route('repair-photos', 'routes/resources/legacy-redirect.tsx', { id: 'legacy/repair-photos' }),

  route('logout', 'routes/auth/logout.tsx'),
  route('api/auth/*', 'routes/resources/auth-api.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  // Gallery photos from /admin/site (issue 16): published items only, immutable (random keys).
  route('site-images/:file', 'routes/resources/site-image.ts'),
  // Private files: every request checks the session and ownership (DECISIONS 6).
  route('files/documents/:documentId', 'routes/resources/document-file.ts'),
  // The uploaded invoice file kept between reading and saving, shown beside the review form (issue 18).
  route('files/invoices/pending/:token', 'routes/resources/pending-invoice-file.ts'),
  route('files/invoices/:invoiceId', 'routes/resources/invoice-file.ts'),
  // The final repair invoice as it stands (staff; issue 14). Paid invoices are also stored as documents.
  route('admin/work-orders/:workOrderId/invoice.pdf', 'routes/resources/repair-invoice-pdf.ts'),
  // The cycle-time report as CSV (issue 17 §4; staff with 'reports').
  route('admin/reports.csv', 'routes/resources/reports-csv.ts'),
  // The printable ticket with the status link and its QR code (staff; outside the admin layout so it prints bare).
  route('admin/work-orders/:workOrderId/ticket', 'routes/admin/work-orders/ticket.tsx'),

  // The job board's live updates (issue 17 §1): Server-Sent Events, staff with 'board.view'.
  route('admin/board/events', 'routes/admin/board-events.ts'),

  // A booking's damage photo (staff only; issue 16): outside the layout, a file answer.
  route('admin/appointments/photos/:photoId', 'routes/admin/appointments/photo.ts'),

  // The no-login status page (issue 15): HTML-first, token-guarded, with its photos and live event stream.
  route('status/:token', 'routes/status/page.tsx'),
  route('status/:token/events', 'routes/status/events.ts'),
  route('status/:token/photos/:documentId', 'routes/status/photo.ts'),

  // Texts from customers, posted by the SMS provider (issue 15; signature-checked, docs/texts.md).
  route('webhooks/sms', 'routes/resources/sms-webhook.ts'),

  ...prefix('portal', [
    layout('routes/portal/layout.tsx', [
      index('routes/portal/dashboard.tsx'),
      route('my-vehicles', 'routes/portal/my-vehicles.tsx'),
      route('add-vehicle', 'routes/portal/add-vehicle.tsx'),
      route('repair-updates', 'routes/portal/repair-updates.tsx'),
      route('repair-photos', 'routes/portal/repair-photos.tsx'),
      route('my-documents', 'routes/portal/my-documents.tsx'),
      route('vehicles/:vehicleId', 'routes/portal/vehicle-details.tsx'),
      route('estimates/:versionId', 'routes/portal/estimate.tsx'),
      route('settings', 'routes/portal/settings.tsx'),
    ]),
    // Live updates for the portal pages (issue 15): Server-Sent Events, outside the layout (no page, no layout loader).
    route('events', 'routes/portal/events.ts'),
  ]),

  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('board', 'routes/admin/board.tsx'),
      route('customers', 'routes/admin/customers/list.tsx'),
      route('customers/add', 'routes/admin/customers/add.tsx'),
      route('customers/edit/:customerId', 'routes/admin/customers/edit.tsx'),
      route('customers/:customerId', 'routes/admin/customers/details.tsx'),
      // Appointments booked online (issue 16 §3): day and week views, one appointment with its actions and check-in.
      route('appointments', 'routes/admin/appointments/calendar.tsx'),
      route('appointments/:appointmentId', 'routes/admin/appointments/details.tsx'),
      route('work-orders', 'routes/admin/work-orders/overview.tsx'),
      route('work-orders/details/:workOrderId', 'routes/admin/work-orders/details.tsx'),
      route('work-orders/import-estimate', 'routes/admin/work-orders/import-estimate.tsx'),
      route('work-orders/:workOrderId/estimate', 'routes/admin/work-orders/estimate.tsx'),
      route('inventory', 'routes/admin/inventory.tsx'),
      route('invoices', 'routes/admin/invoices.tsx'),
      route('invoices/:invoiceId', 'routes/admin/invoice-details.tsx'),
      route('photos', 'routes/admin/photos.tsx'),
      route('outbox', 'routes/admin/outbox.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/texts/:conversationKey', 'routes/admin/messages/text-conversation.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      // Staff accounts and roles (issue 17 §2): Owner only.
      route('staff', 'routes/admin/staff.tsx'),
      route('reports', 'routes/admin/reports.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('site', 'routes/admin/site.tsx'),
      // Search everywhere (issue 17 §5): the header box's results page.
      route('search', 'routes/admin/search/page.tsx'),
    ]),
    // The same search as JSON (results as you type, customer pickers): outside the layout, no page.
    route('search/results', 'routes/admin/search/results.ts'),
  ]),
] satisfies RouteConfig;
