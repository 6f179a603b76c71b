CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line_type" text NOT NULL,
	"description" text NOT NULL,
	"part_number" text,
	"part_type" text,
	"inventory_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"labor_type" text,
	"hours_tenths" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"materials_mode" text,
	"vendor" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"discount_applies_to" text,
	"customer_pay" boolean DEFAULT false NOT NULL,
	"betterment_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_lines_type_valid" CHECK ("estimate_lines"."line_type" IN ('part', 'labor', 'paint_materials', 'sublet', 'fee', 'discount')),
	CONSTRAINT "estimate_lines_ranges" CHECK ("estimate_lines"."quantity" BETWEEN 1 AND 9999 AND "estimate_lines"."hours_tenths" BETWEEN 0 AND 9999
        AND "estimate_lines"."unit_price_cents" BETWEEN 0 AND 100000000 AND "estimate_lines"."rate_cents" BETWEEN 0 AND 10000000
        AND "estimate_lines"."amount_cents" BETWEEN 0 AND 100000000 AND "estimate_lines"."betterment_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "estimate_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" text,
	"decision" text NOT NULL,
	"signer_name" text NOT NULL,
	"decline_reason" text,
	"consent_text" text NOT NULL,
	"consent_accepted_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"pdf_sha256" text NOT NULL,
	"certificate_document_id" uuid,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_signatures_decision_valid" CHECK ("estimate_signatures"."decision" IN ('approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "estimate_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"kind" text NOT NULL,
	"supplement_number" integer,
	"state" text DEFAULT 'sent' NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"tax_rule" jsonb NOT NULL,
	"claim" jsonb,
	"changes" jsonb,
	"previous_approved_version_id" uuid,
	"previous_total_cents" bigint,
	"total_cents" bigint NOT NULL,
	"document_id" uuid NOT NULL,
	"pdf_sha256" text NOT NULL,
	"sent_by_user_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "estimate_versions_state_valid" CHECK ("estimate_versions"."state" IN ('sent', 'approved', 'declined', 'superseded')),
	CONSTRAINT "estimate_versions_kind_valid" CHECK ("estimate_versions"."kind" IN ('estimate', 'supplement'))
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"imported_from" text,
	"file_totals" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"insurer_name" text NOT NULL,
	"claim_number" text NOT NULL,
	"policy_number" text,
	"adjuster_name" text,
	"adjuster_phone" text,
	"adjuster_email" text,
	"deductible_cents" integer DEFAULT 0 NOT NULL,
	"date_of_loss" date,
	"point_of_impact" text,
	"direct_repair_program" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_deductible_range" CHECK ("insurance_claims"."deductible_cents" BETWEEN 0 AND 100000000)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repair_invoice_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text,
	"recorded_by_user_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_method_valid" CHECK ("payments"."method" IN ('cash', 'check', 'card', 'insurance'))
);
--> statement-breakpoint
CREATE TABLE "repair_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"tax_rule" jsonb NOT NULL,
	"claim" jsonb,
	"total_cents" bigint NOT NULL,
	"paid_document_id" uuid,
	"issued_by_user_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"body_rate_cents" integer DEFAULT 5800 NOT NULL,
	"refinish_rate_cents" integer DEFAULT 5800 NOT NULL,
	"mechanical_rate_cents" integer DEFAULT 9500 NOT NULL,
	"frame_rate_cents" integer DEFAULT 7500 NOT NULL,
	"structural_rate_cents" integer DEFAULT 7500 NOT NULL,
	"materials_rate_cents" integer DEFAULT 4200 NOT NULL,
	"tax_rate_milli_percent" integer DEFAULT 8250 NOT NULL,
	"taxed_categories" jsonb DEFAULT '["parts","materials"]'::jsonb NOT NULL,
	"estimate_terms" text DEFAULT '' NOT NULL,
	"logo_file_key" text,
	"logo_content_type" text,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_rates_range" CHECK ("shop_settings"."body_rate_cents" BETWEEN 0 AND 10000000 AND "shop_settings"."refinish_rate_cents" BETWEEN 0 AND 10000000
        AND "shop_settings"."mechanical_rate_cents" BETWEEN 0 AND 10000000 AND "shop_settings"."frame_rate_cents" BETWEEN 0 AND 10000000
        AND "shop_settings"."structural_rate_cents" BETWEEN 0 AND 10000000 AND "shop_settings"."materials_rate_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "shop_settings_tax_range" CHECK ("shop_settings"."tax_rate_milli_percent" BETWEEN 0 AND 30000)
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "odometer_in" integer;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_signatures" ADD CONSTRAINT "estimate_signatures_version_id_estimate_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."estimate_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_signatures" ADD CONSTRAINT "estimate_signatures_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_signatures" ADD CONSTRAINT "estimate_signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_signatures" ADD CONSTRAINT "estimate_signatures_certificate_document_id_customer_documents_id_fk" FOREIGN KEY ("certificate_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_repair_invoice_id_repair_invoices_id_fk" FOREIGN KEY ("repair_invoice_id") REFERENCES "public"."repair_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_invoices" ADD CONSTRAINT "repair_invoices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_invoices" ADD CONSTRAINT "repair_invoices_paid_document_id_customer_documents_id_fk" FOREIGN KEY ("paid_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_invoices" ADD CONSTRAINT "repair_invoices_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_lines_estimate_idx" ON "estimate_lines" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE INDEX "estimate_lines_inventory_idx" ON "estimate_lines" USING btree ("inventory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_signatures_version_unique" ON "estimate_signatures" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "estimate_signatures_work_order_idx" ON "estimate_signatures" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "estimate_signatures_customer_idx" ON "estimate_signatures" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "estimate_signatures_certificate_idx" ON "estimate_signatures" USING btree ("certificate_document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_versions_number_unique" ON "estimate_versions" USING btree ("estimate_id","version_number");--> statement-breakpoint
CREATE INDEX "estimate_versions_work_order_idx" ON "estimate_versions" USING btree ("work_order_id","version_number");--> statement-breakpoint
CREATE INDEX "estimate_versions_document_idx" ON "estimate_versions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "estimate_versions_sent_by_idx" ON "estimate_versions" USING btree ("sent_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_work_order_unique" ON "estimates" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_work_order_unique" ON "insurance_claims" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("repair_invoice_id","received_at");--> statement-breakpoint
CREATE INDEX "payments_recorded_by_idx" ON "payments" USING btree ("recorded_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_invoices_work_order_unique" ON "repair_invoices" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_invoices_number_unique" ON "repair_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "repair_invoices_paid_document_idx" ON "repair_invoices" USING btree ("paid_document_id");--> statement-breakpoint
CREATE INDEX "repair_invoices_issued_by_idx" ON "repair_invoices" USING btree ("issued_by_user_id");--> statement-breakpoint
CREATE INDEX "shop_settings_updated_by_idx" ON "shop_settings" USING btree ("updated_by_user_id");