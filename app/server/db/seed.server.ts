/**
 * Demo data for a first run: an admin account, five customers with accounts, vehicles with valid VINs, one work order
 * in each of the eight statuses (with status history), parts used, inventory and a vendor invoice.
 * Accounts are created through Better Auth so passwords are hashed exactly as at sign-up.
 * `seedDemo(db)` needs the process database set (`setDatabase`) to the same handle; it runs on an empty database only.
 * Passwords (issue 13): the README's fixed ones only when the server is reachable from this machine alone, otherwise
 * random ones kept in `DATA_DIR/demo-passwords` (demo-passwords.server.ts).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { getAuth } from '../auth/auth.server';
import { getConfig } from '../config.server';
import type { Database } from './client.server';
import { demoPasswordsFor, README_DEMO_PASSWORDS, type DemoPasswords } from './demo-passwords.server';
import {
  accounts,
  customers,
  inventory,
  invoiceCharges,
  invoiceLineItems,
  invoices,
  jobs,
  profiles,
  sessions,
  users,
  vehicles,
  workOrderParts,
  workOrderStatusHistory,
  workOrders,
  estimates,
  estimateLines,
  insuranceClaims,
} from './schema';
import { WORK_ORDER_STATUSES } from '~/lib/work-order-status';
import { withCheckDigit } from '~/lib/vin';

export interface DemoCredentials {
  admin: { email: string; password: string };
  customers: { name: string; email: string; password: string }[];
  /** Demo staff of the other roles (issue 17 §2), with the admin's password. */
  staff: { name: string; email: string; role: string; password: string }[];
  /** Where generated passwords are kept (DATA_DIR/demo-passwords); undefined when they are the README's. */
  passwordFile: string | undefined;
  /** True when these replace the README passwords of demo accounts seeded earlier on loopback. */
  replacedReadmePasswords: boolean;
}

export const DEMO_ADMIN = { name: 'Shop Admin', email: 'admin@example.com' };

/**
 * Demo staff, one per role besides Owner (issue 17 §2). They sign in with the demo admin's password (the README's on
 * loopback, else the generated one in DATA_DIR/demo-passwords). The technician is assigned the open demo work orders
 * of {@link DEMO_TECHNICIAN_WORK_ORDERS}.
 */
export const DEMO_STAFF = [
  { name: 'Tony Ramirez', email: 'tech@example.com', role: 'technician' },
  { name: 'Wendy Brooks', email: 'writer@example.com', role: 'service_writer' },
  { name: 'Pat Morales', email: 'parts@example.com', role: 'parts' },
] as const;

/** Indexes (into the one-per-status demo work orders) of the open ones assigned to the demo technician. */
export const DEMO_TECHNICIAN_WORK_ORDERS = [1, 2, 3] as const;

const DEMO_CUSTOMERS = [
  { name: 'Maria Gonzalez', email: 'maria.gonzalez@example.com', phone: '(281) 555-0101', address: '214 Cypresswood Dr, Spring, TX 77388' },
  { name: 'James Carter', email: 'james.carter@example.com', phone: '(281) 555-0102', address: '9 Louetta Rd, Spring, TX 77379' },
  { name: 'Priya Patel', email: 'priya.patel@example.com', phone: '(832) 555-0103', address: '51 Kuykendahl Rd, The Woodlands, TX 77382' },
  { name: 'Robert Nguyen', email: 'robert.nguyen@example.com', phone: '(832) 555-0104', address: '730 Spring Cypress Rd, Spring, TX 77373' },
  { name: 'Ashley Thompson', email: 'ashley.thompson@example.com', phone: '(281) 555-0105', address: '18 Rayford Rd, Spring, TX 77386' },
];

const DEMO_VEHICLES = [
  { owner: 0, year: 2019, make: 'Honda', model: 'Accord', color: 'Silver', vin: '1HGCV1F30KA000101', plate: 'LMT-4821' },
  { owner: 0, year: 2021, make: 'Toyota', model: 'RAV4', color: 'Blue', vin: '2T3W1RFV0MC000202', plate: 'RXN-2290' },
  { owner: 1, year: 2018, make: 'Ford', model: 'F-150', color: 'Black', vin: '1FTEW1E50JF000303', plate: 'JCB-7712' },
  { owner: 2, year: 2022, make: 'Tesla', model: 'Model 3', color: 'White', vin: '5YJ3E1EA0NF000404', plate: 'PPT-0033' },
  { owner: 3, year: 2017, make: 'Chevrolet', model: 'Silverado 1500', color: 'Red', vin: '3GCUKREC0HG000505', plate: 'RNG-5150' },
  { owner: 3, year: 2020, make: 'Nissan', model: 'Altima', color: 'Gray', vin: '1N4BL4BV0LC000606', plate: 'TXN-8841' },
  { owner: 4, year: 2023, make: 'Jeep', model: 'Grand Cherokee', color: 'Green', vin: '1C4RJKBG0P8000707', plate: 'ATH-3307' },
  { owner: 4, year: 2016, make: 'Subaru', model: 'Outback', color: 'Brown', vin: '4S4BSANC0G3000808', plate: 'SUB-1616' },
].map((v) => ({ ...v, vin: withCheckDigit(v.vin) }));

const DEMO_REPAIRS = [
  'Rear bumper cover replacement and refinish after parking-lot impact',
  'Front-end collision: hood, grille and right headlamp; frame measurement',
  'Driver door dent and scratch repair, blend into fender',
  'Hail damage: paintless dent repair on roof and hood',
  'Tailgate replacement and spray-in bedliner',
  'Quarter panel repair, paint match and clear coat',
  'Bumper scuff refinish and front brake pads',
  'Full repaint of hood and roof (clear coat failure)',
];

const DEMO_INVENTORY = [
  { partNumber: 'BMP-CVR-ACC19', description: 'Rear bumper cover, Honda Accord 2018-2022', quantity: 4, unitPrice: '289.99', supplier: 'Gulf Coast Auto Parts' },
  { partNumber: 'HDL-RAV4-R', description: 'Headlamp assembly, right, Toyota RAV4', quantity: 2, unitPrice: '412.50', supplier: 'Gulf Coast Auto Parts' },
  { partNumber: 'GRL-RAV4-21', description: 'Front grille, Toyota RAV4 2019-2021', quantity: 3, unitPrice: '176.00', supplier: 'Gulf Coast Auto Parts' },
  { partNumber: 'CLR-2K-1QT', description: '2K clear coat, 1 quart', quantity: 18, unitPrice: '64.95', supplier: 'Lone Star Paint Supply' },
  { partNumber: 'PRM-EPX-1QT', description: 'Epoxy primer, 1 quart', quantity: 12, unitPrice: '48.75', supplier: 'Lone Star Paint Supply' },
  { partNumber: 'BDL-SPRAY-KIT', description: 'Spray-in bedliner kit, full-size bed', quantity: 5, unitPrice: '229.00', supplier: 'Texas Truck Outfitters' },
  { partNumber: 'CLIP-BMP-50', description: 'Bumper retainer clips, bag of 50', quantity: 20, unitPrice: '12.40', supplier: 'Gulf Coast Auto Parts' },
  { partNumber: 'BRK-PAD-F-JGC', description: 'Front brake pads, Jeep Grand Cherokee', quantity: 6, unitPrice: '89.99', supplier: 'Gulf Coast Auto Parts' },
  { partNumber: 'SND-P800-50', description: 'Sanding discs P800, box of 50', quantity: 9, unitPrice: '27.30', supplier: 'Lone Star Paint Supply' },
  { partNumber: 'MSK-TAPE-18', description: 'Masking tape 18 mm, roll', quantity: 0, unitPrice: '5.25', supplier: 'Lone Star Paint Supply' },
];

/** True when no account and no customer exist yet. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [c] = await db.select({ n: count() }).from(customers);
  return (u?.n ?? 0) === 0 && (c?.n ?? 0) === 0;
}

function isoDate(daysFromToday: number): string {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Seeds the demo shop and returns the sign-in details to print. `passwords` default to what the process configuration
 * calls for (README passwords on loopback only, else generated and kept in the data folder: demoPasswordsFor).
 */
export async function seedDemo(db: Database, passwords: DemoPasswords = demoPasswordsFor(getConfig())): Promise<DemoCredentials> {
  const auth = getAuth();
  const admin = await auth.api.signUpEmail({ body: { ...DEMO_ADMIN, password: passwords.admin } });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, admin.user.id));
  await db.update(profiles).set({ isAdmin: true, staffRole: 'owner', fullName: DEMO_ADMIN.name }).where(eq(profiles.id, admin.user.id));
  await db.delete(customers).where(eq(customers.userId, admin.user.id));

  const staffIds: Record<string, string> = {};
  for (const member of DEMO_STAFF) {
    const { user } = await auth.api.signUpEmail({ body: { name: member.name, email: member.email, password: passwords.admin } });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await db.update(profiles).set({ isAdmin: true, staffRole: member.role, fullName: member.name }).where(eq(profiles.id, user.id));
    await db.delete(customers).where(eq(customers.userId, user.id));
    staffIds[member.role] = user.id;
  }

  const customerIds: string[] = [];
  for (const c of DEMO_CUSTOMERS) {
    const { user } = await auth.api.signUpEmail({ body: { name: c.name, email: c.email, password: passwords.customer } });
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const [row] = await db
      .update(customers)
      .set({ phone: c.phone, address: c.address })
      .where(eq(customers.userId, user.id))
      .returning({ id: customers.id });
    customerIds.push(row!.id);
  }

  // Demo addresses are verified above: drop the verification e-mails sign-up queued for them.
  await db.delete(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'purpose' = 'verify_email'`));

  await db.transaction(async (tx) => {
    const vehicleRows = await tx
      .insert(vehicles)
      .values(
        DEMO_VEHICLES.map((v) => ({
          customerId: customerIds[v.owner]!,
          make: v.make,
          model: v.model,
          year: v.year,
          color: v.color,
          vin: v.vin,
          licensePlate: v.plate,
        })),
      )
      .returning({ id: vehicles.id, customerId: vehicles.customerId });

    const stock = await tx.insert(inventory).values(DEMO_INVENTORY).returning();
    const byNumber = new Map(stock.map((item) => [item.partNumber, item]));

    const etaDays = [7, 10, 6, 4, -2, 2, 0, -1];
    const orders = await tx
      .insert(workOrders)
      .values(
        WORK_ORDER_STATUSES.map((status, i) => ({
          workOrderNumber: `WO-${1001 + i}`,
          vehicleId: vehicleRows[i]!.id,
          customerId: vehicleRows[i]!.customerId,
          currentStatus: status,
          description: DEMO_REPAIRS[i]!,
          estimatedCompletionDate: isoDate(etaDays[i]!),
          assignedTechnicianId: (DEMO_TECHNICIAN_WORK_ORDERS as readonly number[]).includes(i) ? staffIds.technician! : null,
          createdAt: new Date(Date.now() - (20 - i * 2) * 86_400_000),
        })),
      )
      .returning();

    await tx.insert(workOrderStatusHistory).values(
      orders.flatMap((order, i) =>
        WORK_ORDER_STATUSES.slice(0, i + 1).map((status, step) => ({
          workOrderId: order.id,
          fromStatus: step === 0 ? null : WORK_ORDER_STATUSES[step - 1]!,
          toStatus: status,
          changedByUserId: admin.user.id,
          createdAt: new Date(order.createdAt.getTime() + step * 3_600_000),
        })),
      ),
    );

    const used = [
      { order: 0, part: 'BMP-CVR-ACC19', qty: 1 },
      { order: 0, part: 'CLIP-BMP-50', qty: 1 },
      { order: 1, part: 'GRL-RAV4-21', qty: 1 },
      { order: 3, part: 'CLR-2K-1QT', qty: 2 },
      { order: 4, part: 'BDL-SPRAY-KIT', qty: 1 },
      { order: 5, part: 'PRM-EPX-1QT', qty: 1 },
      { order: 5, part: 'CLR-2K-1QT', qty: 1 },
      { order: 6, part: 'BRK-PAD-F-JGC', qty: 1 },
    ];
    await tx.insert(workOrderParts).values(
      used.map((u) => {
        const item = byNumber.get(u.part)!;
        return {
          workOrderId: orders[u.order]!.id,
          inventoryId: item.id,
          partNumber: item.partNumber,
          description: item.description,
          quantityUsed: u.qty,
          unitPriceAtTime: item.unitPrice,
        };
      }),
    );

    // A draft estimate with an insurance claim on the first work order (issue 14): staff can send it for approval.
    const bumper = byNumber.get('BMP-CVR-ACC19')!;
    await tx.insert(insuranceClaims).values({
      workOrderId: orders[0]!.id,
      insurerName: 'Lone Star Mutual',
      claimNumber: 'LSM-2026-041877',
      adjusterName: 'Dana Whitfield',
      adjusterPhone: '(281) 555-0177',
      deductibleCents: 50000,
      dateOfLoss: isoDate(-22),
      pointOfImpact: 'Rear',
    });
    const [estimate] = await tx.insert(estimates).values({ workOrderId: orders[0]!.id }).returning({ id: estimates.id });
    const demoLines = [
      { lineType: 'part' as const, description: bumper.description, partNumber: bumper.partNumber, partType: 'oem', inventoryId: bumper.id, quantity: 1, unitPriceCents: Math.round(Number(bumper.unitPrice) * 100) },
      { lineType: 'labor' as const, description: 'R&I rear bumper cover', laborType: 'body', hoursTenths: 15, rateCents: 5800 },
      { lineType: 'labor' as const, description: 'Refinish rear bumper cover', laborType: 'refinish', hoursTenths: 28, rateCents: 5800 },
      { lineType: 'paint_materials' as const, description: 'Paint & materials', materialsMode: 'rate', rateCents: 4200 },
      { lineType: 'fee' as const, description: 'Hazardous waste disposal', amountCents: 1500 },
    ];
    await tx.insert(estimateLines).values(demoLines.map((line, i) => ({ estimateId: estimate!.id, position: i + 1, ...line })));

    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: 'GC-55021',
        supplier: 'Gulf Coast Auto Parts',
        invoiceDate: isoDate(-12),
        totalAmount: '1939.46',
        createdByUserId: admin.user.id,
      })
      .returning();
    const received = [
      { part: 'BMP-CVR-ACC19', qty: 2 },
      { part: 'HDL-RAV4-R', qty: 2 },
      { part: 'GRL-RAV4-21', qty: 2 },
      { part: 'CLIP-BMP-50', qty: 10 },
    ];
    await tx.insert(invoiceLineItems).values(
      received.map((r) => {
        const item = byNumber.get(r.part)!;
        return {
          invoiceId: invoice!.id,
          inventoryId: item.id,
          partNumber: item.partNumber,
          description: item.description,
          quantity: r.qty,
          unitPrice: item.unitPrice,
        };
      }),
    );
    // What the total holds besides the parts ($1,880.98): the headlamps' core charges and the freight.
    await tx.insert(invoiceCharges).values([
      { invoiceId: invoice!.id, position: 0, kind: 'core', description: 'CORE CHARGE HDL-RAV4-R (2 @ 20.00)', amountCents: 4000 },
      { invoiceId: invoice!.id, position: 1, kind: 'freight', description: 'FREIGHT', amountCents: 1848 },
    ]);
  });

  return demoCredentials(passwords, false);
}

/** The sign-in details to print for `passwords`; `replacedReadmePasswords` as {@link DemoCredentials} says. */
function demoCredentials(passwords: DemoPasswords, replacedReadmePasswords: boolean): DemoCredentials {
  return {
    admin: { email: DEMO_ADMIN.email, password: passwords.admin },
    customers: DEMO_CUSTOMERS.map((c) => ({ name: c.name, email: c.email, password: passwords.customer })),
    staff: DEMO_STAFF.map((m) => ({ name: m.name, email: m.email, role: m.role, password: passwords.admin })),
    passwordFile: passwords.file,
    replacedReadmePasswords,
  };
}

/**
 * For a demo shop others can reach (`config.loopbackOnly` false): demo accounts that still have the README's passwords
 * (a data folder first seeded on a laptop, then served publicly) get the generated ones from `DATA_DIR/demo-passwords`,
 * and their sessions are ended. Returns the sign-in details to print when any account changed, else undefined. Costs
 * one password check per demo account (scrypt), so call it once at start-up.
 */
export async function retireReadmeDemoPasswords(db: Database, config = getConfig()): Promise<DemoCredentials | undefined> {
  if (config.loopbackOnly) return undefined;
  const staffEmails: string[] = [DEMO_ADMIN.email, ...DEMO_STAFF.map((m) => m.email)];
  const emails = [...staffEmails, ...DEMO_CUSTOMERS.map((c) => c.email)];
  const rows = await db
    .select({ accountId: accounts.id, userId: users.id, email: users.email, hash: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, 'credential'), inArray(users.email, emails)));
  const ctx = await getAuth().$context;
  const exposed: typeof rows = [];
  for (const row of rows) {
    const readme = staffEmails.includes(row.email) ? README_DEMO_PASSWORDS.admin : README_DEMO_PASSWORDS.customer;
    if (row.hash && (await ctx.password.verify({ password: readme, hash: row.hash }))) exposed.push(row);
  }
  if (exposed.length === 0) return undefined;
  const passwords = demoPasswordsFor(config);
  const hashes = { admin: await ctx.password.hash(passwords.admin), customer: await ctx.password.hash(passwords.customer) };
  await db.transaction(async (tx) => {
    for (const row of exposed) {
      const hash = staffEmails.includes(row.email) ? hashes.admin : hashes.customer;
      await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, row.accountId));
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    }
  });
  return demoCredentials(passwords, true);
}
