-- The number of projects the public sees (the count of visibleProject() in
-- server/queries/visibility.ts, the explore gallery's total) in one row, kept by the triggers below as
-- the listed firms' shown_project_count (migration 0014) summed, so reading it costs the same with 5
-- firms or 5,000 (issue 14, docs/decisions/185). Every change is a delta on the row.
CREATE TABLE "showcase_totals" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"visible_projects" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "showcase_totals_one_row" CHECK ("showcase_totals"."id" = 1)
);--> statement-breakpoint
-- listedFirm() in SQL, the one copy the triggers share: approved (VERIFY.approved), a firm role
-- (FIRM_ROLES; both from server/contract/vocabulary.ts, compared with them by visibility.test.ts), the
-- portfolio not hidden. Whether it is hidden is the caller's: read from hidden_portfolios, or known
-- from the hidden_portfolios row being written.
CREATE FUNCTION "showcase_listed"(is_verify integer, role text, portfolio_hidden boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT is_verify = 2 AND role IN ('architect', 'interiorDesigner', 'architectureAndInterior') AND NOT portfolio_hidden
$$;--> statement-breakpoint
INSERT INTO "showcase_totals" ("id", "visible_projects")
SELECT 1, coalesce(sum("u"."shown_project_count"), 0) FROM "users" "u"
WHERE showcase_listed("u"."is_verify", "u"."role", EXISTS (SELECT 1 FROM "hidden_portfolios" "h" WHERE "h"."firm_id" = "u"."id"));--> statement-breakpoint
-- An account's share of the total is its counter while it is listed: the move from OLD's share to
-- NEW's (approval, role, a counter moved by the projects' triggers, a new or deleted account). The
-- portfolio's hidden state is the same for both. On delete, BEFORE: the hidden_portfolios row,
-- deleted by the cascade after the account, still says whether it counted; the cascade's deletes of
-- its projects then update an account that is gone (no row, nothing fires), and its employees are
-- not firms.
CREATE FUNCTION "users_showcase_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden boolean;
  d bigint := 0;
BEGIN
  IF TG_OP = 'DELETE' THEN
    hidden := EXISTS (SELECT 1 FROM hidden_portfolios h WHERE h.firm_id = OLD.id);
  ELSE
    hidden := EXISTS (SELECT 1 FROM hidden_portfolios h WHERE h.firm_id = NEW.id);
    IF showcase_listed(NEW.is_verify, NEW.role, hidden) THEN
      d := NEW.shown_project_count;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' AND showcase_listed(OLD.is_verify, OLD.role, hidden) THEN
    d := d - OLD.shown_project_count;
  END IF;
  IF d <> 0 THEN
    UPDATE showcase_totals SET visible_projects = visible_projects + d WHERE id = 1;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An account without shown projects has no share, whatever else changes: the WHEN clauses skip it
-- (every sign-up, employee and explorer).
CREATE TRIGGER "users_showcase_total_insert" AFTER INSERT ON "users" FOR EACH ROW
  WHEN (NEW.shown_project_count <> 0) EXECUTE FUNCTION "users_showcase_total"();--> statement-breakpoint
CREATE TRIGGER "users_showcase_total_update" AFTER UPDATE OF "is_verify", "role", "shown_project_count" ON "users" FOR EACH ROW
  WHEN ((OLD.shown_project_count <> 0 OR NEW.shown_project_count <> 0)
    AND (OLD.is_verify <> NEW.is_verify OR OLD.role <> NEW.role OR OLD.shown_project_count <> NEW.shown_project_count))
  EXECUTE FUNCTION "users_showcase_total"();--> statement-breakpoint
CREATE TRIGGER "users_showcase_total_delete" BEFORE DELETE ON "users" FOR EACH ROW
  WHEN (OLD.shown_project_count <> 0) EXECUTE FUNCTION "users_showcase_total"();--> statement-breakpoint
-- Hiding or showing a portfolio: the firm's row is locked first, so a write that moves its counter or
-- its approval waits for this transaction (or this for it) and then reads the hidden state this one
-- wrote. Its counter leaves the total on hiding and comes back on showing, if it is listed apart from
-- the portfolio. A firm already gone (its delete cascading here) changes nothing: its BEFORE DELETE
-- trigger took its share.
CREATE FUNCTION "hidden_portfolios_showcase_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden_id text;
  firm_verify integer;
  firm_role text;
  firm_shown integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    hidden_id := NEW.firm_id;
  ELSE
    hidden_id := OLD.firm_id;
  END IF;
  SELECT u.is_verify, u.role, u.shown_project_count INTO firm_verify, firm_role, firm_shown FROM users u WHERE u.id = hidden_id FOR UPDATE;
  IF FOUND AND firm_shown <> 0 AND showcase_listed(firm_verify, firm_role, false) THEN
    UPDATE showcase_totals SET visible_projects = visible_projects + (CASE WHEN TG_OP = 'INSERT' THEN -firm_shown ELSE firm_shown END) WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "hidden_portfolios_showcase_total" AFTER INSERT OR DELETE ON "hidden_portfolios" FOR EACH ROW EXECUTE FUNCTION "hidden_portfolios_showcase_total"();
