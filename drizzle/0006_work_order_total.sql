-- The work orders overview's "Total" card without counting the whole table on every page view (issue 4, scale): a
-- one-row counter kept by statement-level triggers in the same transaction as every insert, delete or truncate of
-- work_orders, so it is exact at every commit. Derived data: backups leave it out and restore rebuilds it through the
-- same triggers (app/server/backup/backup.server.ts).
CREATE TABLE "work_order_totals" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "total" bigint NOT NULL CHECK ("total" >= 0)
);--> statement-breakpoint
INSERT INTO "work_order_totals" ("id", "total") SELECT true, count(*) FROM "work_orders";--> statement-breakpoint
CREATE FUNCTION "work_order_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_order_totals" SET "total" = "total" + (SELECT count(*) FROM inserted_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "work_order_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_order_totals" SET "total" = "total" - (SELECT count(*) FROM deleted_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "work_order_totals_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_order_totals" SET "total" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "work_orders_total_insert" AFTER INSERT ON "work_orders" REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_totals_after_insert"();--> statement-breakpoint
CREATE TRIGGER "work_orders_total_delete" AFTER DELETE ON "work_orders" REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_totals_after_delete"();--> statement-breakpoint
CREATE TRIGGER "work_orders_total_truncate" AFTER TRUNCATE ON "work_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "work_order_totals_after_truncate"();
