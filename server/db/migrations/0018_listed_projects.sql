-- Whether the public sees each project (visibleProject() in server/queries/visibility.ts: not private,
-- not hidden, its firm listed) as a column, kept by the triggers below, so the explore gallery's page N
-- walks one partial index instead of checking every project before it against its firm (issue 14,
-- docs/decisions/192). The gallery still filters its page with visibleProject(): the flag finds rows.
--
-- Locks, so that two writes at once leave the right flag: every write that sets a flag holds the
-- project's row before its firm's row (the order a privacy toggle takes: its UPDATE locks the project,
-- its trigger the firm). Approving a firm locks the firm's projects first (decideRegistration).
ALTER TABLE "projects" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "projects" "p" SET "listed" = true
FROM "users" "u"
WHERE "u"."id" = "p"."user_id" AND NOT "p"."is_private"
  AND NOT EXISTS (SELECT 1 FROM "hidden_projects" "h" WHERE "h"."project_id" = "p"."id")
  AND showcase_listed("u"."is_verify", "u"."role", EXISTS (SELECT 1 FROM "hidden_portfolios" "hp" WHERE "hp"."firm_id" = "u"."id"));--> statement-breakpoint
-- A firm whose projects the public may see (showcase_listed of migration 0016, read now). The
-- parameters are not named like a column (users.firm_id), which would win over them.
CREATE FUNCTION "firm_listed_now"(of_firm text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT showcase_listed(u.is_verify, u.role, EXISTS (SELECT 1 FROM hidden_portfolios hp WHERE hp.firm_id = u.id))
    FROM users u WHERE u.id = of_firm), false)
$$;--> statement-breakpoint
-- A new project, a privacy toggle or a change of owner sets its own flag. Its owner's row is locked
-- first (as the counter's trigger of migration 0014 does next), so an approval or a hidden portfolio
-- either waits for this write and then sees this project, or this waits and reads what it wrote.
CREATE FUNCTION "projects_listed_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_private THEN
    NEW.listed := false;
    RETURN NEW;
  END IF;
  PERFORM 1 FROM users u WHERE u.id = NEW.user_id FOR NO KEY UPDATE;
  NEW.listed := NOT EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = NEW.id) AND firm_listed_now(NEW.user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_listed_write" BEFORE INSERT OR UPDATE OF "is_private", "user_id" ON "projects" FOR EACH ROW EXECUTE FUNCTION "projects_listed_write"();--> statement-breakpoint
-- Hiding or showing a project: its row, then its firm's, then the flag read now.
CREATE FUNCTION "hidden_projects_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden_id text := CASE WHEN TG_OP = 'INSERT' THEN NEW.project_id ELSE OLD.project_id END;
  owner_id text;
BEGIN
  SELECT p.user_id INTO owner_id FROM projects p WHERE p.id = hidden_id FOR UPDATE;
  IF FOUND THEN
    PERFORM 1 FROM users u WHERE u.id = owner_id FOR NO KEY UPDATE;
    UPDATE projects p SET listed = (TG_OP = 'DELETE' AND NOT p.is_private AND firm_listed_now(p.user_id))
    WHERE p.id = hidden_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "hidden_projects_listed" AFTER INSERT OR DELETE ON "hidden_projects" FOR EACH ROW EXECUTE FUNCTION "hidden_projects_listed"();--> statement-breakpoint
-- Hiding or showing a portfolio: the firm's projects, then the firm, then every flag of the firm.
-- A firm already gone (its delete cascading here) changes nothing: its projects go with it.
CREATE FUNCTION "hidden_portfolios_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden_id text := CASE WHEN TG_OP = 'INSERT' THEN NEW.firm_id ELSE OLD.firm_id END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = hidden_id) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM projects p WHERE p.user_id = hidden_id ORDER BY p.id FOR UPDATE;
  PERFORM 1 FROM users u WHERE u.id = hidden_id FOR UPDATE;
  PERFORM projects_listed_of_firm(hidden_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every flag of one firm's projects, read now; rows already right are not written.
CREATE FUNCTION "projects_listed_of_firm"(of_firm text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  firm_listed boolean := firm_listed_now(of_firm);
BEGIN
  UPDATE projects p SET listed = NOT p.listed
  WHERE p.user_id = of_firm
    AND p.listed <> (firm_listed AND NOT p.is_private AND NOT EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = p.id));
END $$;--> statement-breakpoint
CREATE TRIGGER "hidden_portfolios_listed" AFTER INSERT OR DELETE ON "hidden_portfolios" FOR EACH ROW EXECUTE FUNCTION "hidden_portfolios_listed"();--> statement-breakpoint
-- An approval or a change of role moves every project of the firm in or out.
CREATE FUNCTION "users_projects_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM projects_listed_of_firm(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_projects_listed" AFTER UPDATE OF "is_verify", "role" ON "users" FOR EACH ROW
  WHEN (OLD.is_verify IS DISTINCT FROM NEW.is_verify OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION "users_projects_listed"();--> statement-breakpoint
DROP INDEX "projects_explore_idx";--> statement-breakpoint
CREATE INDEX "projects_listed_latest_idx" ON "projects" USING btree ("created_at","id") WHERE "projects"."listed";
