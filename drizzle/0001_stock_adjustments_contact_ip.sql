CREATE TABLE "inventory_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_id" uuid NOT NULL,
	"quantity_change" integer NOT NULL,
	"reason" text NOT NULL,
	"adjusted_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_adjustments_change_not_zero" CHECK ("inventory_adjustments"."quantity_change" <> 0)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_adjusted_by_user_id_users_id_fk" FOREIGN KEY ("adjusted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_adjustments_inventory_idx" ON "inventory_adjustments" USING btree ("inventory_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_adjustments_user_idx" ON "inventory_adjustments" USING btree ("adjusted_by_user_id");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_hash_idx" ON "contact_messages" USING btree ("ip_hash","created_at");