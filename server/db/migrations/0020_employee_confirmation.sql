ALTER TABLE "users" ADD COLUMN "unconfirmed_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_confirmation_token_idx" ON "users" USING btree ("confirmation_token_hash");--> statement-breakpoint
CREATE INDEX "users_unconfirmed_idx" ON "users" USING btree ("unconfirmed_since") WHERE "users"."unconfirmed_since" is not null;