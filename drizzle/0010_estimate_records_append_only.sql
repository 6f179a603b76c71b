-- Issue 14: what a customer signed cannot be rewritten, not even by a bug in the application.
-- Signatures (approvals and declines) are append-only.
CREATE OR REPLACE FUNCTION estimate_signatures_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'estimate_signatures is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER estimate_signatures_no_update_or_delete
  BEFORE UPDATE OR DELETE ON estimate_signatures
  FOR EACH ROW EXECUTE FUNCTION estimate_signatures_append_only();
--> statement-breakpoint
CREATE TRIGGER estimate_signatures_no_truncate
  BEFORE TRUNCATE ON estimate_signatures
  FOR EACH STATEMENT EXECUTE FUNCTION estimate_signatures_append_only();
--> statement-breakpoint
-- A sent version is frozen: only its state and decision time may change, and never back from a decision.
CREATE OR REPLACE FUNCTION estimate_versions_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'estimate_versions are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.lines IS DISTINCT FROM OLD.lines OR NEW.totals IS DISTINCT FROM OLD.totals
     OR NEW.tax_rule IS DISTINCT FROM OLD.tax_rule OR NEW.claim IS DISTINCT FROM OLD.claim
     OR NEW.changes IS DISTINCT FROM OLD.changes OR NEW.document_id IS DISTINCT FROM OLD.document_id
     OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256 OR NEW.total_cents IS DISTINCT FROM OLD.total_cents
     OR NEW.version_number IS DISTINCT FROM OLD.version_number OR NEW.work_order_id IS DISTINCT FROM OLD.work_order_id THEN
    RAISE EXCEPTION 'a sent estimate version is frozen' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.state IN ('approved', 'declined') AND NEW.state IS DISTINCT FROM OLD.state THEN
    RAISE EXCEPTION 'a decided estimate version keeps its decision' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER estimate_versions_frozen_content
  BEFORE UPDATE OR DELETE ON estimate_versions
  FOR EACH ROW EXECUTE FUNCTION estimate_versions_frozen();
