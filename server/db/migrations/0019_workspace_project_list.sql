-- The workspace project list's page (docs/decisions/203): a firm's private projects, newest first with the id as tie-break,
-- read as one partial index walk (the portfolio's own order is projects_firm_latest_idx).
CREATE INDEX "projects_workspace_latest_idx" ON "projects" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."is_private" = true;