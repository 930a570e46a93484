-- Each firm's number of shown projects (not private, not hidden: shownProject() in
-- server/queries/visibility.ts), kept by the triggers below, so the explore gallery's total sums
-- thousands of firms instead of counting every project (issue 14, docs/decisions/183). The
-- firm-level part of visibility (approved, a firm role, portfolio not hidden) stays a live filter
-- of that sum: nothing here follows users or hidden_portfolios.
ALTER TABLE "users" ADD COLUMN "shown_project_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "shown_project_count" = "counted"."n"
FROM (
  SELECT "p"."user_id", count(*)::integer AS "n" FROM "projects" "p"
  WHERE NOT "p"."is_private" AND NOT EXISTS (SELECT 1 FROM "hidden_projects" "h" WHERE "h"."project_id" = "p"."id")
  GROUP BY "p"."user_id"
) "counted"
WHERE "counted"."user_id" = "users"."id";--> statement-breakpoint
-- BEFORE, so the project's hidden_projects row (deleted by the cascade, after) still tells whether it was counted.
CREATE FUNCTION "projects_shown_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_private AND NOT EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = OLD.id) THEN
    -- An owner being deleted (the cascade that got here) is already gone: no row to update.
    UPDATE users SET shown_project_count = shown_project_count - 1 WHERE id = OLD.user_id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_shown_count_delete" BEFORE DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION "projects_shown_count_delete"();--> statement-breakpoint
-- A new project, a privacy toggle or a change of owner: the move from shown(OLD) to shown(NEW), as deltas
-- (safe when two transactions change the same firm's projects at once).
CREATE FUNCTION "projects_shown_count_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_shown boolean := false;
  is_shown boolean := NOT NEW.is_private AND NOT EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = NEW.id);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was_shown := NOT OLD.is_private AND NOT EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = OLD.id);
    IF was_shown = is_shown AND OLD.user_id = NEW.user_id THEN
      RETURN NULL;
    END IF;
  END IF;
  IF was_shown THEN
    UPDATE users SET shown_project_count = shown_project_count - 1 WHERE id = OLD.user_id;
  END IF;
  IF is_shown THEN
    UPDATE users SET shown_project_count = shown_project_count + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_shown_count_insert" AFTER INSERT ON "projects" FOR EACH ROW EXECUTE FUNCTION "projects_shown_count_write"();--> statement-breakpoint
CREATE TRIGGER "projects_shown_count_update" AFTER UPDATE OF "is_private", "user_id" ON "projects" FOR EACH ROW EXECUTE FUNCTION "projects_shown_count_write"();--> statement-breakpoint
-- Hiding or showing a project. Its row is locked first, whatever its privacy, so a privacy toggle of
-- the same project waits for this transaction (or this for it) and then sees the hidden state this
-- one wrote. A project already gone (its delete cascading here) changes nothing: a hidden project
-- was never counted.
CREATE FUNCTION "hidden_projects_shown_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden_id text;
  owner_id text;
  project_private boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    hidden_id := NEW.project_id;
  ELSE
    hidden_id := OLD.project_id;
  END IF;
  SELECT p.user_id, p.is_private INTO owner_id, project_private FROM projects p WHERE p.id = hidden_id FOR UPDATE;
  IF FOUND AND NOT project_private THEN
    UPDATE users SET shown_project_count = shown_project_count + (CASE WHEN TG_OP = 'INSERT' THEN -1 ELSE 1 END) WHERE id = owner_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "hidden_projects_shown_count" AFTER INSERT OR DELETE ON "hidden_projects" FOR EACH ROW EXECUTE FUNCTION "hidden_projects_shown_count"();
