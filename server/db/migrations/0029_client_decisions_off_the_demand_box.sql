ALTER TABLE "client_decisions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD COLUMN "read_by" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "client_decisions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD CONSTRAINT "client_decisions_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_decisions_unread_idx" ON "client_decisions" USING btree ("firm_id","project_id") WHERE "client_decisions"."read_at" is null;--> statement-breakpoint
CREATE INDEX "client_decisions_read_by_idx" ON "client_decisions" USING btree ("read_by");--> statement-breakpoint
-- Client decisions leave the demand box (docs/decisions/295). Each 'Client decision' lead was written in the
-- transaction of its client_decisions row, so both carry the same created_at: a decision stays unread only
-- when its lead was unread; every other decision (its lead read, or deleted from the demand box) counts as read.
UPDATE "client_decisions" AS d SET "read_at" = d."created_at" WHERE NOT EXISTS (SELECT 1 FROM "leads" AS l WHERE l."project_type" = 'Client decision' AND NOT l."is_read" AND l."firm_id" = d."firm_id" AND l."project_id" = d."project_id" AND l."created_at" = d."created_at");--> statement-breakpoint
DELETE FROM "leads" WHERE "project_type" = 'Client decision';
