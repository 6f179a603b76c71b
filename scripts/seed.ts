/** `npm run seed`: loads the demo shop into an empty database (the server does this by itself on first start). */
import { getConfig } from '~/server/config.server';
import { isDatabaseEmpty, seedDemo } from '~/server/db/seed.server';
import { seedSiteContent } from '~/server/site/demo-site-content.server';
import { createConfiguredStorage } from '~/server/storage/create-storage.server';
import { setStorage } from '~/server/storage/storage.server';
import { CliError, runWithDatabase } from './cli';

await runWithDatabase(async ({ db }) => {
  if (!(await isDatabaseEmpty(db))) throw new CliError('The database already has accounts or customers: nothing seeded.');
  const demo = await seedDemo(db);
  // Gallery photos and testimonials for the public site (issue 16).
  setStorage(await createConfiguredStorage(getConfig()));
  await seedSiteContent();
  console.log(`Demo data loaded. Admin: ${demo.admin.email} / ${demo.admin.password}`);
  console.log(`Demo staff (same password): ${demo.staff.map((m) => `${m.email} (${m.role})`).join(', ')}`);
  if (demo.passwordFile) console.log(`Generated passwords (this shop can be reached from other machines) are kept in ${demo.passwordFile}.`);
});
