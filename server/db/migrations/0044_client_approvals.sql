DROP INDEX "client_decisions_project_idx";--> statement-breakpoint
ALTER TABLE "client_decisions" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD COLUMN "item_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "client_approvals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "payment_notes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "client_decisions_log_idx" ON "client_decisions" USING btree ("project_id","created_at");--> statement-breakpoint
-- Whoever turned the Client Board mails off keeps the client's decisions and payment notes off too (docs/decisions/412).
UPDATE "notification_settings" SET "client_approvals" = "client_decisions", "payment_notes" = "client_decisions";