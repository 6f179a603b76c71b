/**
 * Drizzle schema: every entity of both spec documents (§3 of each), Better Auth's tables, the work order status
 * history and the mail queue. Rules kept by the database itself, not only by code:
 * - a VIN unique per customer (the portal's 'A vehicle with this VIN already exists.' comes from this 23505), unique work order number,
 *   unique inventory part number, unique supplier + invoice number;
 * - inventory quantity ≥ 0, quantities used > 0, status limited to the eight spec values, document type limited to
 *   quote / paid_invoice / repair_photo;
 * - ON DELETE: business history is RESTRICTed (a customer with vehicles cannot vanish), auth rows CASCADE with their
 *   user, a customer outlives its login (SET NULL), line items and status history go with their parent.
 * Money is numeric(12,2) (strings in TypeScript), quantities integers, times timestamptz, dates `date`.
 * "Newest first" indexes are plain ascending: PostgreSQL reads them backwards for `ORDER BY … DESC` (NULLS FIRST),
 * which a `DESC NULLS LAST` index could not serve.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { INVOICE_CHARGE_KINDS } from '~/lib/invoice-charge-kinds';
import { NOTIFY_CHANNELS } from '~/lib/notify-channels';
import { STAFF_ROLES } from '~/lib/staff-roles';
import { BUCKETS, DOCUMENT_TYPES, WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import type { BmsFileTotals } from '../estimates/bms/parse-bms.server';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

// ---------------------------------------------------------------------------------------------------------------
// Better Auth (https://www.better-auth.com/docs/concepts/database#core-schema), plural table names.
// ---------------------------------------------------------------------------------------------------------------

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Better Auth two-factor plugin: true once a TOTP app has been verified. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth two-factor plugin: the TOTP secret and backup codes (both encrypted by Better Auth). */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** Better Auth's rate-limit counters, in the database so limits hold across processes (DESIGN.md). */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: numeric('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// The shop
// ---------------------------------------------------------------------------------------------------------------

/**
 * One row per account; `id` equals the user id (spec §3). `isAdmin` marks a staff account (it opens the back office);
 * `staffRole` says what that account may do there (issue 17 §2, app/server/auth/permissions.server.ts) and is set
 * exactly when `isAdmin` is. A deactivated staff account (`deactivatedAt`) cannot sign in; its history stays.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_staff_role_valid', sql`${t.staffRole} IS NULL OR ${t.staffRole} IN (${sqlList(STAFF_ROLES)})`),
    check('profiles_staff_role_iff_admin', sql`(${t.isAdmin} AND ${t.staffRole} IS NOT NULL) OR (NOT ${t.isAdmin} AND ${t.staffRole} IS NULL)`),
  ],
);

/** A customer of the shop; `userId` is null for a walk-in customer created by staff (DECISIONS 8). */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    /** The mobile number texts go to, E.164 ("+12815550147"; issue 15). Consent: sms_consents. */
    mobileE164: text('mobile_e164'),
    /** How status messages reach this customer (NOTIFY_CHANNELS; issue 15). */
    notifyChannel: text('notify_channel', { enum: NOTIFY_CHANNELS }).notNull().default('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_created_at_idx').on(t.createdAt),
    index('customers_mobile_idx').on(t.mobileE164),
    check('customers_notify_channel_valid', sql`${t.notifyChannel} IN (${sqlList(NOTIFY_CHANNELS)})`),
    index('customers_name_idx').on(t.name),
    index('customers_email_lower_idx').on(sql`lower(${t.email})`),
    // The back office search (migration 0007): the customer's search terms, read with prefix queries.
    // fastupdate off: entries go straight into the index (no pending list to scan, which PGlite never vacuums).
    index('customers_search_terms_idx')
      .using('gin', sql`customer_search_terms(${t.name}, ${t.email}, ${t.phone})`)
      .with({ fastupdate: false }),
    // Names with typos ("Maria Gonzales" finds "Maria Gonzalez"): trigram similarity (pg_trgm, migration 0013).
    index('customers_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color'),
    vin: varchar('vin', { length: 17 }).notNull(),
    licensePlate: text('license_plate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A VIN is unique per customer, not shop-wide (issue 13): a car changes hands, and a shop-wide rule let one
    // customer learn that another has a VIN (and block its owner). Staff see VINs on file for several customers.
    uniqueIndex('vehicles_customer_vin_unique').on(t.customerId, t.vin),
    index('vehicles_vin_idx').on(t.vin),
    index('vehicles_customer_id_idx').on(t.customerId),
    index('vehicles_created_at_idx').on(t.createdAt),
    index('vehicles_search_terms_idx').using('gin', sql`vehicle_search_terms(${t.vin}, ${t.licensePlate})`).with({ fastupdate: false }),
    check('vehicles_year_range', sql`${t.year} BETWEEN 1900 AND 2200`),
    check('vehicles_vin_not_blank', sql`length(trim(${t.vin})) > 0`),
  ],
);

export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderNumber: text('work_order_number').notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    currentStatus: text('current_status', { enum: WORK_ORDER_STATUSES }).notNull().default('Estimate Scheduled'),
    description: text('description'),
    estimatedCompletionDate: date('estimated_completion_date', { mode: 'string' }),
    /** Miles on the odometer when the vehicle came in (issue 14: from the estimate or a BMS file). */
    odometerIn: integer('odometer_in'),
    /**
     * The no-login status page (issue 15): SHA-256 (hex) of the link's token, null until the first link is made. The
     * token itself is never stored (status-link.server.ts derives it); `statusLinkGeneration` goes up when staff reset
     * the link, which changes the token and so ends the old link.
     */
    statusTokenHash: text('status_token_hash'),
    statusLinkGeneration: integer('status_link_generation').notNull().default(0),
    /** When the work order last reached Ready for Pickup (the status link ends 30 days later); null while in work. */
    readyForPickupAt: timestamp('ready_for_pickup_at', { withTimezone: true }),
    /** The status the customer was last told about (a message is not sent again for the same status). */
    lastNotifiedStatus: text('last_notified_status', { enum: WORK_ORDER_STATUSES }),
    /** When the review request was queued: never twice for a work order. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** The technician the job is assigned to (issue 17): a technician sees only their own work orders. */
    assignedTechnicianId: text('assigned_technician_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Goes up by one on every status change (issue 17 §1): a board move carries the version it saw, and a move made
     * on a stale card is refused instead of overwriting another person's move (optimistic concurrency).
     */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('work_orders_number_unique').on(t.workOrderNumber),
    uniqueIndex('work_orders_status_token_unique').on(t.statusTokenHash),
    index('work_orders_vehicle_id_idx').on(t.vehicleId),
    index('work_orders_customer_id_idx').on(t.customerId),
    index('work_orders_created_at_idx').on(t.createdAt),
    index('work_orders_status_idx').on(t.currentStatus, t.updatedAt),
    index('work_orders_estimated_completion_idx').on(t.estimatedCompletionDate),
    index('work_orders_assigned_technician_idx').on(t.assignedTechnicianId, t.currentStatus),
    // Search by work order number fragment ("1042", "WO-2026") and by typo-tolerant text (issue 17 §5).
    index('work_orders_number_trgm_idx').using('gin', sql`${t.workOrderNumber} gin_trgm_ops`).with({ fastupdate: false }),
    check('work_orders_status_valid', sql`${t.currentStatus} IN (${sqlList(WORK_ORDER_STATUSES)})`),
  ],
);

/** Every status change: who, when, from and to (DECISIONS 14). */
export const workOrderStatusHistory = pgTable(
  'work_order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: WORK_ORDER_STATUSES }),
    toStatus: text('to_status', { enum: WORK_ORDER_STATUSES }).notNull(),
    changedByUserId: text('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_order_status_history_wo_idx').on(t.workOrderId, t.createdAt),
    index('work_order_status_history_user_idx').on(t.changedByUserId),
    // Deliveries in a date range (the cycle-time report, issue 17 §4): rows entering a status, by time.
    index('work_order_status_history_to_status_idx').on(t.toStatus, t.createdAt),
    check(
      'work_order_status_history_to_valid',
      sql`${t.toStatus} IN (${sqlList(WORK_ORDER_STATUSES)})`,
    ),
    check(
      'work_order_status_history_from_valid',
      sql`${t.fromStatus} IS NULL OR ${t.fromStatus} IN (${sqlList(WORK_ORDER_STATUSES)})`,
    ),
  ],
);

export const inventory = pgTable(
  'inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(0),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull().default('0'),
    supplier: text('supplier'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inventory_part_number_unique').on(t.partNumber),
    check('inventory_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('inventory_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/** A manual stock change in the back office, with its reason (DECISIONS 16); invoices and parts used have their own rows. */
export const inventoryAdjustments = pgTable(
  'inventory_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'cascade' }),
    /** Signed change in units (+ received, − damaged / counted short). */
    quantityChange: integer('quantity_change').notNull(),
    reason: text('reason').notNull(),
    adjustedByUserId: text('adjusted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_adjustments_inventory_idx').on(t.inventoryId, t.createdAt),
    index('inventory_adjustments_user_idx').on(t.adjustedByUserId),
    check('inventory_adjustments_change_not_zero', sql`${t.quantityChange} <> 0`),
  ],
);

/** A part used on a work order, with the description and unit price at the time (admin-back-office §3). */
export const workOrderParts = pgTable(
  'work_order_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    inventoryId: uuid('inventory_id').references(() => inventory.id, { onDelete: 'set null' }),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    quantityUsed: integer('quantity_used').notNull(),
    unitPriceAtTime: numeric('unit_price_at_time', { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_order_parts_work_order_id_idx').on(t.workOrderId),
    index('work_order_parts_inventory_id_idx').on(t.inventoryId),
    check('work_order_parts_quantity_positive', sql`${t.quantityUsed} > 0`),
  ],
);

/**
 * A file shown to the customer: quote, paid invoice or repair photo. Files are private (DECISIONS 6): the row keeps
 * the bucket and key, and `/files/...` checks access on every request.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }).notNull(),
    bucket: text('bucket', { enum: BUCKETS }).notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: text('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_documents_work_order_idx').on(t.workOrderId, t.createdAt),
    index('customer_documents_customer_idx').on(t.customerId, t.createdAt),
    index('customer_documents_uploaded_by_idx').on(t.uploadedByUserId),
    uniqueIndex('customer_documents_file_unique').on(t.bucket, t.fileKey),
    check('customer_documents_type_valid', sql`${t.documentType} IN (${sqlList(DOCUMENT_TYPES)})`),
    check('customer_documents_bucket_valid', sql`${t.bucket} IN (${sqlList(BUCKETS)})`),
  ],
);

/** A vendor invoice for parts received (admin-back-office §3). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNumber: text('invoice_number').notNull(),
    supplier: text('supplier').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_supplier_number_unique').on(sql`lower(${t.supplier})`, t.invoiceNumber),
    index('invoices_invoice_date_idx').on(t.invoiceDate),
    index('invoices_created_by_idx').on(t.createdByUserId),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id').references(() => inventory.id, { onDelete: 'set null' }),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_line_items_invoice_id_idx').on(t.invoiceId),
    index('invoice_line_items_inventory_id_idx').on(t.inventoryId),
    check('invoice_line_items_quantity_positive', sql`${t.quantity} > 0`),
    check('invoice_line_items_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/**
 * A row of a vendor invoice that is not a part (issue 18): a core charge or deposit, freight, a fee, a discount, a
 * warranty, tax, a credit. Kept in the invoice's order (`position`, from 0); never added to the inventory. Amounts are
 * signed integer cents (a discount or credit below zero). Together with the line items they reconcile the total.
 */
export const invoiceCharges = pgTable(
  'invoice_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_charges_invoice_position_unique').on(t.invoiceId, t.position),
    check('invoice_charges_kind_valid', sql`${t.kind} IN (${sqlList(INVOICE_CHARGE_KINDS)})`),
  ],
);

/** A message from the public contact form (DECISIONS 7); staff read them in the back office. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** SHA-256 of the sender's IP address and the auth secret: enough for the per-IP limit, no raw address kept. */
    ipHash: text('ip_hash'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt),
    index('contact_messages_ip_hash_idx').on(t.ipHash, t.createdAt),
  ],
);

/**
 * Who changed what, when (issue 6). Append-only: a database trigger refuses UPDATE and DELETE, so not even a bug in the
 * application can rewrite history. The actor is kept as id and label without a foreign key, so removing an account
 * never touches its audit rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id'),
    /** The actor's e-mail at the time, or 'system'. */
    actorLabel: text('actor_label').notNull(),
    /** `{entityType}.{verb}`, e.g. customer.update, work_order.status, inventory.adjust (AUDIT_ACTIONS in ~/lib/audit). */
    action: text('action').notNull(),
    /** customer | vehicle | work_order | work_order_part | inventory | document | photo | invoice | profile | … */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** Changed fields: { field: { from, to } }; for a create the whole record under `to`; context (a reason) under `to`. */
    changes: jsonb('changes').$type<Record<string, { from?: unknown; to?: unknown }>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);

/**
 * Job states (issue 15; the mail queue's states, generalised): queued → running → done, or back to queued with `runAt`
 * pushed out, or failed after `maxAttempts`. 'interrupted': the worker running a job whose effect leaves this machine
 * (an e-mail, a text) stopped before recording the outcome, so it may or may not have happened; such a job is never
 * run again by itself — staff retry or dismiss it in the Outbox (issue 13). 'dismissed': staff closed an interrupted
 * or failed job. 'cancelled': the job became pointless before it ran (a newer change replaced a status message, the
 * customer withdrew consent, the notification was unchecked).
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'interrupted', 'dismissed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Everything the product sends or does later, as typed jobs (issue 15, DECISIONS 13): `kind` names a registered
 * handler ('mail', 'sms', 'status_notification', 'review_request', ...) whose Zod schema checks `payload`. A worker in
 * every process claims due rows with FOR UPDATE SKIP LOCKED. `dedupeKey`: at most one queued job per key (a status
 * message waiting out its 2-minute window is updated, not doubled). `workOrderId` / `customerId` let pages list a work
 * order's or customer's messages. `claimedBy` names the worker holding a 'running' row (host:pid:token).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(6),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_work_order_idx').on(t.workOrderId),
    index('jobs_customer_idx').on(t.customerId),
    index('jobs_created_at_idx').on(t.createdAt),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
    uniqueIndex('jobs_dedupe_queued_unique').on(t.dedupeKey).where(sql`${t.state} = 'queued' AND ${t.dedupeKey} IS NOT NULL`),
    check('jobs_state_valid', sql`${t.state} IN (${sqlList(JOB_STATES)})`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Customer messages (issue 15): texts with consent, conversations
// ---------------------------------------------------------------------------------------------------------------

/** Where consent to texts was given or withdrawn (TCPA: the record must say how and when). */
export const SMS_CONSENT_SOURCES = ['staff_intake', 'portal', 'booking', 'sms_keyword'] as const;
export type SmsConsentSource = (typeof SMS_CONSENT_SOURCES)[number];

/**
 * Consent to texts, append-only (a trigger refuses UPDATE and DELETE): each grant or withdrawal for a customer's
 * mobile number (E.164), with the disclosure text shown, the time, where it happened and the staff member who recorded
 * a spoken OK. The customer's current consent is the newest row for their current mobile number.
 */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    phoneE164: text('phone_e164').notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: SMS_CONSENT_SOURCES }).notNull(),
    disclosureText: text('disclosure_text').notNull(),
    recordedByUserId: text('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_consents_customer_idx').on(t.customerId, t.createdAt),
    index('sms_consents_phone_idx').on(t.phoneE164, t.createdAt),
    index('sms_consents_recorded_by_idx').on(t.recordedByUserId),
    check('sms_consents_source_valid', sql`${t.source} IN (${sqlList(SMS_CONSENT_SOURCES)})`),
  ],
);

export const SMS_DIRECTIONS = ['outbound', 'inbound'] as const;
/** outbound: queued → sent | failed | cancelled; inbound: received. */
export const SMS_MESSAGE_STATES = ['queued', 'sent', 'failed', 'cancelled', 'received'] as const;

/**
 * Every text sent or received: the per-customer conversation in the back office's Messages. An inbound text from a
 * number no customer has keeps `customerId` null (shown as an unknown number). `readAt` null on an inbound text:
 * unread. `jobId` is the 'sms' job that sends an outbound one.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    phoneE164: text('phone_e164').notNull(),
    direction: text('direction', { enum: SMS_DIRECTIONS }).notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: SMS_MESSAGE_STATES }).notNull(),
    providerMessageId: text('provider_message_id'),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    sentByUserId: text('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_messages_customer_idx').on(t.customerId, t.createdAt),
    index('sms_messages_phone_idx').on(t.phoneE164, t.createdAt),
    index('sms_messages_unread_idx').on(t.direction, t.readAt),
    index('sms_messages_job_idx').on(t.jobId),
    index('sms_messages_work_order_idx').on(t.workOrderId),
    index('sms_messages_sent_by_idx').on(t.sentByUserId),
    uniqueIndex('sms_messages_provider_id_unique').on(t.providerMessageId),
    check('sms_messages_direction_valid', sql`${t.direction} IN (${sqlList(SMS_DIRECTIONS)})`),
    check('sms_messages_state_valid', sql`${t.state} IN (${sqlList(SMS_MESSAGE_STATES)})`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Estimates, insurance claims, supplements, signatures, the final repair invoice (issue 14)
// Money: integer cents (bigint where a sum of lines could pass $21 million); hours: integer tenths.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Shop-wide settings (issue 14: the first page of them; later issues add columns). Exactly one row (id = 1), created
 * on the first save (until then the column defaults apply: `getShopSettings`). Rates are cents per hour; the tax rate is thousandths of a percent (8250 =
 * 8.25 %); `taxedCategories` lists TAX_CATEGORIES. The logo is a file in the 'customer-files' bucket.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    bodyRateCents: integer('body_rate_cents').notNull().default(5800),
    refinishRateCents: integer('refinish_rate_cents').notNull().default(5800),
    mechanicalRateCents: integer('mechanical_rate_cents').notNull().default(9500),
    frameRateCents: integer('frame_rate_cents').notNull().default(7500),
    structuralRateCents: integer('structural_rate_cents').notNull().default(7500),
    materialsRateCents: integer('materials_rate_cents').notNull().default(4200),
    taxRateMilliPercent: integer('tax_rate_milli_percent').notNull().default(8250),
    taxedCategories: jsonb('taxed_categories').$type<string[]>().notNull().default(['parts', 'materials']),
    estimateTerms: text('estimate_terms').notNull().default(''),
    logoFileKey: text('logo_file_key'),
    logoContentType: text('logo_content_type'),
    /** Texts wait outside these hours (minutes after midnight, shop time; issue 15). Default 8 pm to 8 am. */
    quietHoursStartMinute: integer('quiet_hours_start_minute').notNull().default(20 * 60),
    quietHoursEndMinute: integer('quiet_hours_end_minute').notNull().default(8 * 60),
    /** When a car can be collected, shown on the status page at Ready for Pickup ("Mon–Fri 8 am – 6 pm"). */
    pickupHours: text('pickup_hours').notNull().default(''),
    /** The review request: the shop's review link (empty: none is sent) and the delay after Ready for Pickup. */
    reviewUrl: text('review_url').notNull().default(''),
    reviewDelayHours: integer('review_delay_hours').notNull().default(24),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shop_settings_updated_by_idx').on(t.updatedByUserId),
    check('shop_settings_single_row', sql`${t.id} = 1`), // created on the first save; until then the defaults apply
    check(
      'shop_settings_rates_range',
      sql`${t.bodyRateCents} BETWEEN 0 AND 10000000 AND ${t.refinishRateCents} BETWEEN 0 AND 10000000
        AND ${t.mechanicalRateCents} BETWEEN 0 AND 10000000 AND ${t.frameRateCents} BETWEEN 0 AND 10000000
        AND ${t.structuralRateCents} BETWEEN 0 AND 10000000 AND ${t.materialsRateCents} BETWEEN 0 AND 10000000`,
    ),
    check('shop_settings_tax_range', sql`${t.taxRateMilliPercent} BETWEEN 0 AND 30000`),
    check(
      'shop_settings_quiet_hours_range',
      sql`${t.quietHoursStartMinute} BETWEEN 0 AND 1439 AND ${t.quietHoursEndMinute} BETWEEN 0 AND 1439`,
    ),
    check('shop_settings_review_delay_range', sql`${t.reviewDelayHours} BETWEEN 0 AND 720`),
  ],
);

/** The insurance claim of a work order (one at most): shown on the estimate, its PDF and the invoice. */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    insurerName: text('insurer_name').notNull(),
    claimNumber: text('claim_number').notNull(),
    policyNumber: text('policy_number'),
    adjusterName: text('adjuster_name'),
    adjusterPhone: text('adjuster_phone'),
    adjusterEmail: text('adjuster_email'),
    deductibleCents: integer('deductible_cents').notNull().default(0),
    dateOfLoss: date('date_of_loss', { mode: 'string' }),
    pointOfImpact: text('point_of_impact'),
    directRepairProgram: boolean('direct_repair_program').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('insurance_claims_work_order_unique').on(t.workOrderId),
    check('insurance_claims_deductible_range', sql`${t.deductibleCents} BETWEEN 0 AND 100000000`),
  ],
);

export const ESTIMATE_LINE_TYPES = ['part', 'labor', 'paint_materials', 'sublet', 'fee', 'discount'] as const;

/**
 * The estimate of a work order (one each): the working copy whose lines staff edit. Sending it freezes the lines into
 * an `estimate_versions` row. `importedFrom` names a BMS file it was read from; `fileTotals` keeps that file's own
 * totals so the editor shows them beside ours.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    importedFrom: text('imported_from'),
    fileTotals: jsonb('file_totals').$type<BmsFileTotals>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('estimates_work_order_unique').on(t.workOrderId)],
);

/** A line of the working estimate (fields as `EstimateLine` in ~/lib/estimates/lines; caps as its schema). */
export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lineType: text('line_type', { enum: ESTIMATE_LINE_TYPES }).notNull(),
    description: text('description').notNull(),
    partNumber: text('part_number'),
    partType: text('part_type'),
    inventoryId: uuid('inventory_id').references(() => inventory.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    laborType: text('labor_type'),
    hoursTenths: integer('hours_tenths').notNull().default(0),
    rateCents: integer('rate_cents').notNull().default(0),
    materialsMode: text('materials_mode'),
    vendor: text('vendor'),
    amountCents: integer('amount_cents').notNull().default(0),
    discountAppliesTo: text('discount_applies_to'),
    customerPay: boolean('customer_pay').notNull().default(false),
    bettermentPercent: integer('betterment_percent').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('estimate_lines_estimate_idx').on(t.estimateId, t.position),
    index('estimate_lines_inventory_idx').on(t.inventoryId),
    check('estimate_lines_type_valid', sql`${t.lineType} IN (${sqlList(ESTIMATE_LINE_TYPES)})`),
    check(
      'estimate_lines_ranges',
      sql`${t.quantity} BETWEEN 1 AND 9999 AND ${t.hoursTenths} BETWEEN 0 AND 9999
        AND ${t.unitPriceCents} BETWEEN 0 AND 100000000 AND ${t.rateCents} BETWEEN 0 AND 10000000
        AND ${t.amountCents} BETWEEN 0 AND 100000000 AND ${t.bettermentPercent} BETWEEN 0 AND 100`,
    ),
  ],
);

export const ESTIMATE_VERSION_STATES = ['sent', 'approved', 'declined', 'superseded'] as const;
export const ESTIMATE_VERSION_KINDS = ['estimate', 'supplement'] as const;

/**
 * A frozen copy of the estimate sent to the customer: version 1, 2, … of the work order's estimate. Before any
 * approval a new version is the estimate again (the earlier one, unsigned, becomes superseded); after one it is a
 * supplement S1, S2, … whose `changes` compare it with the last approved version. `lines`, `totals`, `claim` and
 * `taxRule` never change after the insert; only `state` and `decidedAt` move (sent → approved | declined |
 * superseded). `documentId` is the PDF the customer is shown, `pdfSha256` its hash.
 */
export const estimateVersions = pgTable(
  'estimate_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    versionNumber: integer('version_number').notNull(),
    kind: text('kind', { enum: ESTIMATE_VERSION_KINDS }).notNull(),
    supplementNumber: integer('supplement_number'),
    state: text('state', { enum: ESTIMATE_VERSION_STATES }).notNull().default('sent'),
    lines: jsonb('lines').notNull(),
    totals: jsonb('totals').notNull(),
    taxRule: jsonb('tax_rule').notNull(),
    claim: jsonb('claim'),
    changes: jsonb('changes'),
    previousApprovedVersionId: uuid('previous_approved_version_id'),
    previousTotalCents: bigint('previous_total_cents', { mode: 'number' }),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => customerDocuments.id, { onDelete: 'restrict' }),
    pdfSha256: text('pdf_sha256').notNull(),
    sentByUserId: text('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('estimate_versions_number_unique').on(t.estimateId, t.versionNumber),
    index('estimate_versions_work_order_idx').on(t.workOrderId, t.versionNumber),
    index('estimate_versions_document_idx').on(t.documentId),
    index('estimate_versions_sent_by_idx').on(t.sentByUserId),
    check('estimate_versions_state_valid', sql`${t.state} IN (${sqlList(ESTIMATE_VERSION_STATES)})`),
    check('estimate_versions_kind_valid', sql`${t.kind} IN (${sqlList(ESTIMATE_VERSION_KINDS)})`),
  ],
);

export const SIGNATURE_DECISIONS = ['approved', 'declined'] as const;

/**
 * The customer's electronic signature (approve) or decline of one version, as ESIGN/UETA asks: the consent
 * disclosure shown and when it was accepted, the typed name, time, IP address, user agent and the SHA-256 of the exact
 * PDF shown. Append-only (a trigger refuses UPDATE and DELETE, migration 0009) and one per version (unique), so a
 * second signature is refused by the database too. `certificateDocumentId` is the approval certificate PDF.
 */
export const estimateSignatures = pgTable(
  'estimate_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => estimateVersions.id, { onDelete: 'restrict' }),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    userId: text('user_id'),
    decision: text('decision', { enum: SIGNATURE_DECISIONS }).notNull(),
    signerName: text('signer_name').notNull(),
    declineReason: text('decline_reason'),
    consentText: text('consent_text').notNull(),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    pdfSha256: text('pdf_sha256').notNull(),
    certificateDocumentId: uuid('certificate_document_id').references(() => customerDocuments.id, { onDelete: 'restrict' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimate_signatures_version_unique').on(t.versionId),
    index('estimate_signatures_work_order_idx').on(t.workOrderId),
    index('estimate_signatures_customer_idx').on(t.customerId),
    index('estimate_signatures_certificate_idx').on(t.certificateDocumentId),
    check('estimate_signatures_decision_valid', sql`${t.decision} IN (${sqlList(SIGNATURE_DECISIONS)})`),
  ],
);

/**
 * The final repair invoice of a work order (one at most): its lines and totals frozen when issued, from the last
 * approved version plus the parts actually used that no estimate line covered.
 */
export const repairInvoices = pgTable(
  'repair_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull(),
    lines: jsonb('lines').notNull(),
    totals: jsonb('totals').notNull(),
    taxRule: jsonb('tax_rule').notNull(),
    claim: jsonb('claim'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidDocumentId: uuid('paid_document_id').references(() => customerDocuments.id, { onDelete: 'restrict' }),
    issuedByUserId: text('issued_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('repair_invoices_work_order_unique').on(t.workOrderId),
    uniqueIndex('repair_invoices_number_unique').on(t.invoiceNumber),
    index('repair_invoices_paid_document_idx').on(t.paidDocumentId),
    index('repair_invoices_issued_by_idx').on(t.issuedByUserId),
  ],
);

export const PAYMENT_METHODS = ['cash', 'check', 'card', 'insurance'] as const;

/** A payment against a repair invoice (partial payments allowed; the balance never goes below zero). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repairInvoiceId: uuid('repair_invoice_id')
      .notNull()
      .references(() => repairInvoices.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference'),
    recordedByUserId: text('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.repairInvoiceId, t.receivedAt),
    index('payments_recorded_by_idx').on(t.recordedByUserId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_method_valid', sql`${t.method} IN (${sqlList(PAYMENT_METHODS)})`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// The shop's own website and bookings (issue 16): site content edited in the back office, online booking, appointments
// ---------------------------------------------------------------------------------------------------------------

/** One opening interval of a weekday, shop time, "HH:MM" 24-hour ("08:00"–"18:00"). */
export interface OpeningInterval {
  open: string;
  close: string;
}
/** Opening hours per weekday, Monday first (index 0 = Monday … 6 = Sunday); an empty list is a closed day. */
export type WeeklyHours = OpeningInterval[][];
/** A link shown in the footer and structured data: social profiles and review sites. */
export interface SiteLink {
  label: string;
  url: string;
}

export const APPOINTMENT_TYPES = ['estimate', 'drop_off'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/**
 * The shop's public facts and booking settings, edited at `/admin/site` (issue 16). Exactly one row (id 1), written on
 * the first save; until then the `SHOP_*` environment variables (first-run defaults) apply. One source for the footer,
 * contact, about, structured data and booking slots.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
    hoursNote: text('hours_note').notNull().default(''),
    socialLinks: jsonb('social_links').$type<SiteLink[]>().notNull().default([]),
    reviewLinks: jsonb('review_links').$type<SiteLink[]>().notNull().default([]),
    /** YouTube video ids of the gallery's reels, in order. */
    videoReelIds: jsonb('video_reel_ids').$type<string[]>().notNull().default([]),
    /** Booking: minutes per slot, appointments per slot, how far ahead (days, ≤ 60), the earliest lead time (hours). */
    slotMinutes: integer('slot_minutes').notNull().default(30),
    slotCapacity: integer('slot_capacity').notNull().default(2),
    bookingDaysAhead: integer('booking_days_ahead').notNull().default(60),
    bookingLeadHours: integer('booking_lead_hours').notNull().default(2),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_settings_updated_by_idx').on(t.updatedByUserId),
    check('site_settings_single_row', sql`${t.id} = 1`),
    check(
      'site_settings_booking_range',
      sql`${t.slotMinutes} BETWEEN 10 AND 480 AND ${t.slotCapacity} BETWEEN 1 AND 50
        AND ${t.bookingDaysAhead} BETWEEN 1 AND 60 AND ${t.bookingLeadHours} BETWEEN 0 AND 168`,
    ),
  ],
);

/** A day the shop is closed besides its weekly hours (no booking slots; shown on the contact page). */
export const siteClosures = pgTable(
  'site_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    closedOn: date('closed_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('site_closures_date_unique').on(t.closedOn)],
);

/**
 * A resized image in the 'site-images' bucket: one key prefix, every width in every format (AVIF or WebP, and JPEG
 * as the fallback), and the original's intrinsic size for `width`/`height` attributes.
 */
export interface SiteImage {
  /** Key prefix: files are `${keyPrefix}-${width}.${ext}`. */
  keyPrefix: string;
  width: number;
  height: number;
  widths: number[];
  formats: ('avif' | 'webp' | 'jpeg')[];
}

/**
 * A gallery item (issue 16): one photo, or a before/after pair when `beforeImage` is set. Categories are the gallery's
 * (GALLERY_CATEGORIES: collision, painting, maintenance). Hidden items (`published` false) are served to no visitor.
 */
export const galleryItems = pgTable(
  'gallery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category', { enum: ['collision', 'painting', 'maintenance'] }).notNull(),
    caption: text('caption').notNull(),
    /** The photo, or the "after" of a pair. */
    image: jsonb('image').$type<SiteImage>().notNull(),
    beforeImage: jsonb('before_image').$type<SiteImage>(),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gallery_items_position_idx').on(t.position),
    check('gallery_items_category_valid', sql`${t.category} IN ('collision', 'painting', 'maintenance')`),
  ],
);

/** A customer's testimonial on the home page (the carousel shows the first five published, spec §9). */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    quote: text('quote').notNull(),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('testimonials_position_idx').on(t.position)],
);

export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'cancelled', 'no_show', 'checked_in'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * An appointment booked online at `/book` (or by staff). Capacity: at most `site_settings.slot_capacity` appointments
 * that are not cancelled start at the same `startsAt`; the booking takes a transaction-scoped advisory lock on the
 * slot, counts and inserts (a real race on PostgreSQL goes to exactly one). The visitor's manage link (cancel,
 * reschedule) carries a token stored only as its SHA-256 (`manageTokenHash`). Consent to texts given on the form is
 * kept here (`smsConsentText`, `smsConsentAt`) and becomes an `sms_consents` row (source 'booking') at check-in.
 * `readAt` null: unread in the back office. Check-in fills `customerId` and `workOrderId`.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The phone in E.164 when it parses ("+12815550147"), for matching customers and texts. */
    phoneE164: text('phone_e164'),
    email: text('email').notNull(),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: text('vehicle_make'),
    vehicleModel: text('vehicle_model'),
    vin: varchar('vin', { length: 17 }),
    insurer: text('insurer'),
    claimNumber: text('claim_number'),
    description: text('description').notNull().default(''),
    smsConsentText: text('sms_consent_text'),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    manageTokenHash: text('manage_token_hash').notNull(),
    /** 'online' (the public form) or 'staff'. */
    source: text('source', { enum: ['online', 'staff'] }).notNull().default('online'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'restrict' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_starts_at_idx').on(t.startsAt),
    index('appointments_unread_idx').on(t.createdAt).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('appointments_manage_token_unique').on(t.manageTokenHash),
    index('appointments_customer_idx').on(t.customerId),
    index('appointments_work_order_idx').on(t.workOrderId),
    index('appointments_phone_idx').on(t.phoneE164),
    check('appointments_type_valid', sql`${t.type} IN (${sqlList(APPOINTMENT_TYPES)})`),
    check('appointments_status_valid', sql`${t.status} IN (${sqlList(APPOINTMENT_STATUSES)})`),
    check('appointments_source_valid', sql`${t.source} IN ('online', 'staff')`),
    check('appointments_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_year_range', sql`${t.vehicleYear} IS NULL OR ${t.vehicleYear} BETWEEN 1900 AND 2200`),
  ],
);

/** A damage photo sent with a booking ('booking-photos' bucket); copied into the work order's photos at check-in. */
export const appointmentPhotos = pgTable(
  'appointment_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_photos_appointment_idx').on(t.appointmentId, t.position),
    uniqueIndex('appointment_photos_file_unique').on(t.fileKey),
  ],
);

/**
 * Technician time (issue 17 §3): one row per clock-in on a work order, closed by the clock-out (`endedAt`). At most one
 * open row per technician (unique partial index), so clocking in twice is refused by the database itself. An owner's
 * correction rewrites the times and records who corrected it and why (and an audit row).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    technicianId: text('technician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    correctedByUserId: text('corrected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    correctionNote: text('correction_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('time_entries_one_open_per_technician')
      .on(t.technicianId)
      .where(sql`${t.endedAt} IS NULL`),
    index('time_entries_work_order_idx').on(t.workOrderId, t.startedAt),
    index('time_entries_technician_idx').on(t.technicianId, t.startedAt),
    index('time_entries_started_idx').on(t.startedAt),
    index('time_entries_corrected_by_idx').on(t.correctedByUserId),
    check('time_entries_order', sql`${t.endedAt} IS NULL OR ${t.endedAt} >= ${t.startedAt}`),
  ],
);
