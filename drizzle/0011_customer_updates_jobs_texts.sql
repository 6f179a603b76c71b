CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 6 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"dedupe_key" text,
	"work_order_id" uuid,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_valid" CHECK ("jobs"."state" IN ('queued', 'running', 'done', 'failed', 'interrupted', 'dismissed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sms_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"phone_e164" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"disclosure_text" text NOT NULL,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consents_source_valid" CHECK ("sms_consents"."source" IN ('staff_intake', 'portal', 'booking', 'sms_keyword'))
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"phone_e164" text NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"provider_message_id" text,
	"job_id" uuid,
	"work_order_id" uuid,
	"sent_by_user_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_direction_valid" CHECK ("sms_messages"."direction" IN ('outbound', 'inbound')),
	CONSTRAINT "sms_messages_state_valid" CHECK ("sms_messages"."state" IN ('queued', 'sent', 'failed', 'cancelled', 'received'))
);
--> statement-breakpoint
-- The mail queue becomes jobs of kind 'mail' (issue 15): every message, sent or not, moves with its history.
INSERT INTO "jobs" ("id", "kind", "payload", "state", "attempts", "max_attempts", "run_at", "locked_at", "claimed_by", "last_error", "finished_at", "work_order_id", "created_at", "updated_at")
SELECT "id", 'mail',
  jsonb_strip_nulls(jsonb_build_object('purpose', "kind", 'to', "to_address", 'subject', "subject", 'text', "text_body", 'html', "html_body")),
  CASE "state" WHEN 'sending' THEN 'running' WHEN 'sent' THEN 'done' ELSE "state" END,
  "attempts", "max_attempts", "next_attempt_at", "locked_at", "claimed_by", "last_error", "sent_at", "work_order_id", "created_at", "updated_at"
FROM "mail_queue";--> statement-breakpoint
DROP TABLE "mail_queue" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mobile_e164" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "quiet_hours_start_minute" integer DEFAULT 1200 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "quiet_hours_end_minute" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "review_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "review_delay_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "status_link_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "ready_for_pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "last_notified_status" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_work_order_idx" ON "jobs" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_queued_unique" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."state" = 'queued' AND "jobs"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_consents_customer_idx" ON "sms_consents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_consents_phone_idx" ON "sms_consents" USING btree ("phone_e164","created_at");--> statement-breakpoint
CREATE INDEX "sms_consents_recorded_by_idx" ON "sms_consents" USING btree ("recorded_by_user_id");--> statement-breakpoint
CREATE INDEX "sms_messages_customer_idx" ON "sms_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone_e164","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_unread_idx" ON "sms_messages" USING btree ("direction","read_at");--> statement-breakpoint
CREATE INDEX "sms_messages_job_idx" ON "sms_messages" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "sms_messages_work_order_idx" ON "sms_messages" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "sms_messages_sent_by_idx" ON "sms_messages" USING btree ("sent_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_unique" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "customers_mobile_idx" ON "customers" USING btree ("mobile_e164");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_status_token_unique" ON "work_orders" USING btree ("status_token_hash");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_notify_channel_valid" CHECK ("customers"."notify_channel" IN ('email', 'sms', 'both', 'none'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_quiet_hours_range" CHECK ("shop_settings"."quiet_hours_start_minute" BETWEEN 0 AND 1439 AND "shop_settings"."quiet_hours_end_minute" BETWEEN 0 AND 1439);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_review_delay_range" CHECK ("shop_settings"."review_delay_hours" BETWEEN 0 AND 720);--> statement-breakpoint
-- Work orders already waiting for pickup: their status link runs 30 days from their last change; customers were
-- already told of every current status.
UPDATE "work_orders" SET "ready_for_pickup_at" = "updated_at" WHERE "current_status" = 'Ready for Pickup';--> statement-breakpoint
UPDATE "work_orders" SET "last_notified_status" = "current_status";--> statement-breakpoint
-- Consent records are evidence (TCPA): append-only, like the estimate signatures (0010). The one change allowed is
-- moving rows to another customer record when a portal account is merged into the shop's record of that customer.
CREATE FUNCTION sms_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'customer_id') = (to_jsonb(OLD) - 'customer_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'sms_consents rows are append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sms_consents_no_update_or_delete BEFORE UPDATE OR DELETE ON "sms_consents"
  FOR EACH ROW EXECUTE FUNCTION sms_consents_append_only();--> statement-breakpoint
CREATE TRIGGER sms_consents_no_truncate BEFORE TRUNCATE ON "sms_consents"
  FOR EACH STATEMENT EXECUTE FUNCTION sms_consents_append_only();
