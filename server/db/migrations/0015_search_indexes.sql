-- The header search (docs/decisions/184): one trigram index over a listed firm's two names, and no GIN pending list (fastupdate off), which every search would read in full until a vacuum.
DROP INDEX "users_firm_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_user_name_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ((coalesce("firm_name", '') || E'\n' || "user_name") gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."is_verify" = 2;--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("project_name" gin_trgm_ops) WITH (fastupdate=false);