DROP INDEX "leads_firm_list_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "awaiting_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_sender_idx" ON "leads" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "leads_awaiting_digest_idx" ON "leads" USING btree ("firm_id") WHERE "leads"."awaiting_digest";--> statement-breakpoint
CREATE INDEX "leads_firm_list_idx" ON "leads" USING btree ("firm_id","is_held","is_archived","is_read","created_at","id");--> statement-breakpoint
-- Enquiries judged by their sender (docs/decisions/340). What the firm-wide volume kept as probable spam is held now:
-- listed under Held, released with one click.
UPDATE "leads" SET "is_held" = true WHERE "is_spam";--> statement-breakpoint
-- An account signed in through a provider that verified its address has proven it.
UPDATE "users" AS u SET "email_confirmed_at" = u."created_at" WHERE EXISTS (SELECT 1 FROM "social_identities" AS s WHERE s."user_id" = u."id" AND lower(s."email") = lower(u."email"));
