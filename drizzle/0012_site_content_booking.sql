CREATE TABLE "appointment_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"phone_e164" text,
	"email" text NOT NULL,
	"vehicle_year" integer,
	"vehicle_make" text,
	"vehicle_model" text,
	"vin" varchar(17),
	"insurer" text,
	"claim_number" text,
	"description" text DEFAULT '' NOT NULL,
	"sms_consent_text" text,
	"sms_consent_at" timestamp with time zone,
	"manage_token_hash" text NOT NULL,
	"source" text DEFAULT 'online' NOT NULL,
	"customer_id" uuid,
	"work_order_id" uuid,
	"read_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_type_valid" CHECK ("appointments"."type" IN ('estimate', 'drop_off')),
	CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" IN ('booked', 'confirmed', 'cancelled', 'no_show', 'checked_in')),
	CONSTRAINT "appointments_source_valid" CHECK ("appointments"."source" IN ('online', 'staff')),
	CONSTRAINT "appointments_time_order" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_year_range" CHECK ("appointments"."vehicle_year" IS NULL OR "appointments"."vehicle_year" BETWEEN 1900 AND 2200)
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"caption" text NOT NULL,
	"image" jsonb NOT NULL,
	"before_image" jsonb,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_items_category_valid" CHECK ("gallery_items"."category" IN ('collision', 'painting', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "site_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"closed_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"weekly_hours" jsonb NOT NULL,
	"hours_note" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_reel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"slot_capacity" integer DEFAULT 2 NOT NULL,
	"booking_days_ahead" integer DEFAULT 60 NOT NULL,
	"booking_lead_hours" integer DEFAULT 2 NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_booking_range" CHECK ("site_settings"."slot_minutes" BETWEEN 10 AND 480 AND "site_settings"."slot_capacity" BETWEEN 1 AND 50
        AND "site_settings"."booking_days_ahead" BETWEEN 1 AND 60 AND "site_settings"."booking_lead_hours" BETWEEN 0 AND 168)
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"quote" text NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_documents" DROP CONSTRAINT "customer_documents_bucket_valid";--> statement-breakpoint
ALTER TABLE "appointment_photos" ADD CONSTRAINT "appointment_photos_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_photos_appointment_idx" ON "appointment_photos" USING btree ("appointment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_photos_file_unique" ON "appointment_photos" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_unread_idx" ON "appointments" USING btree ("created_at") WHERE "appointments"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_manage_token_unique" ON "appointments" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "appointments_work_order_idx" ON "appointments" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "appointments_phone_idx" ON "appointments" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "gallery_items_position_idx" ON "gallery_items" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "site_closures_date_unique" ON "site_closures" USING btree ("closed_on");--> statement-breakpoint
CREATE INDEX "site_settings_updated_by_idx" ON "site_settings" USING btree ("updated_by_user_id");--> statement-breakpoint
CREATE INDEX "testimonials_position_idx" ON "testimonials" USING btree ("position");--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_bucket_valid" CHECK ("customer_documents"."bucket" IN ('customer-files', 'repair-photos', 'invoice-files', 'site-images', 'booking-photos'));