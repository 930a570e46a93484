-- The header search's ILIKE '%…%' uses trigram indexes (docs/decisions/136); pg_trgm is a trusted extension (the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "projects_explore_idx" ON "projects" USING btree ("created_at","id") WHERE "projects"."is_private" = false;--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_firm_name_trgm_idx" ON "users" USING gin ("firm_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_directory_place_idx" ON "users" USING btree ("is_verify","role",lower("country"),lower("state"),lower("city"));