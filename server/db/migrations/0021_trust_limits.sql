CREATE TABLE "platform_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_firm_list_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_links_revoked_by_idx" ON "share_links" USING btree ("revoked_by");--> statement-breakpoint
CREATE INDEX "leads_firm_list_idx" ON "leads" USING btree ("firm_id","is_spam","is_archived","is_read","created_at","id");