/** `npm run db:migrate`: applies the committed migrations in drizzle/ to the configured database. */
import { runWithDatabase } from './cli';

await runWithDatabase(async () => {
  console.log('Database schema is up to date.');
});
