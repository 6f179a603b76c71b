ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_state_valid";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_state_valid" CHECK ("mail_queue"."state" IN ('queued', 'sending', 'sent', 'failed', 'interrupted', 'dismissed'));