-- pg_trgm: trigram indexes for the back office substring search. A trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (createPglite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin ((regexp_replace(coalesce("phone", ''), '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_vin_trgm_idx" ON "vehicles" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_license_plate_trgm_idx" ON "vehicles" USING gin ("license_plate" gin_trgm_ops);