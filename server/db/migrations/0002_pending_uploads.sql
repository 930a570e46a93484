CREATE TABLE "pending_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"kind" text NOT NULL,
	"area" text NOT NULL,
	"keys" jsonb NOT NULL,
	"file_name" text,
	"content_type" text,
	"size" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_uploads_created_at_idx" ON "pending_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pending_uploads_owner_idx" ON "pending_uploads" USING btree ("owner_id","kind");