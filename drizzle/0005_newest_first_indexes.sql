DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "customer_documents_work_order_idx";--> statement-breakpoint
DROP INDEX "customer_documents_customer_idx";--> statement-breakpoint
DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "inventory_adjustments_inventory_idx";--> statement-breakpoint
DROP INDEX "invoices_invoice_date_idx";--> statement-breakpoint
DROP INDEX "mail_queue_created_at_idx";--> statement-breakpoint
DROP INDEX "work_orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_documents_work_order_idx" ON "customer_documents" USING btree ("work_order_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inventory_adjustments_inventory_idx" ON "inventory_adjustments" USING btree ("inventory_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_invoice_date_idx" ON "invoices" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "mail_queue_created_at_idx" ON "mail_queue" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "work_orders_created_at_idx" ON "work_orders" USING btree ("created_at");