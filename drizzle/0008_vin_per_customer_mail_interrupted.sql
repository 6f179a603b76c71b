ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_state_valid";--> statement-breakpoint
DROP INDEX "vehicles_vin_unique";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "claimed_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_customer_vin_unique" ON "vehicles" USING btree ("customer_id","vin");--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_state_valid" CHECK ("mail_queue"."state" IN ('queued', 'sending', 'sent', 'failed', 'interrupted', 'dismissed'));