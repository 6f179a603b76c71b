-- Issue 17: staff roles (today's admins become Owners), technician time, the board's version, typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"technician_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"corrected_by_user_id" text,
	"correction_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_order" CHECK ("time_entries"."ended_at" IS NULL OR "time_entries"."ended_at" >= "time_entries"."started_at")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "assigned_technician_id" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_corrected_by_user_id_users_id_fk" FOREIGN KEY ("corrected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_open_per_technician" ON "time_entries" USING btree ("technician_id") WHERE "time_entries"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "time_entries_work_order_idx" ON "time_entries" USING btree ("work_order_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_technician_idx" ON "time_entries" USING btree ("technician_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_started_idx" ON "time_entries" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_technician_id_users_id_fk" FOREIGN KEY ("assigned_technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_orders_assigned_technician_idx" ON "work_orders" USING btree ("assigned_technician_id","current_status");--> statement-breakpoint
CREATE INDEX "work_orders_number_trgm_idx" ON "work_orders" USING gin ("work_order_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
UPDATE "profiles" SET "staff_role" = 'owner' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_staff_role_valid" CHECK ("profiles"."staff_role" IS NULL OR "profiles"."staff_role" IN ('owner', 'service_writer', 'technician', 'parts'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_staff_role_iff_admin" CHECK (("profiles"."is_admin" AND "profiles"."staff_role" IS NOT NULL) OR (NOT "profiles"."is_admin" AND "profiles"."staff_role" IS NULL));