DROP INDEX "vehicles_vin_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_customer_vin_unique" ON "vehicles" USING btree ("customer_id","vin");--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");