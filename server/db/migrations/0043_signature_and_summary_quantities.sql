-- The firm's signature image on its documents (CGST rule 46(q), decision 402).
ALTER TABLE "firm_billing_profiles" ADD COLUMN "signature_key" text;--> statement-breakpoint
-- Summary items' quantities in thousandths with their UQC unit (decision 403). Expand only: the
-- release before this one still reads and writes whole units in "quantity" during a rolling
-- upgrade, so a trigger keeps the two columns in step (a fractional quantity shows there to the
-- nearest whole unit), and "quantity" is dropped by a later release.
ALTER TABLE "summary_items" ALTER COLUMN "quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "summary_items" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_items" ADD COLUMN "quantity_milli" bigint DEFAULT 1000 NOT NULL;--> statement-breakpoint
UPDATE "summary_items" SET "quantity_milli" = COALESCE("quantity", 1)::bigint * 1000;--> statement-breakpoint
ALTER TABLE "summary_items" ADD COLUMN "unit" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "summary_items_quantity_both"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The release before names "quantity" only (its default was 1); this one names "quantity_milli" only.
    IF NEW."quantity" IS NOT NULL AND NEW."quantity_milli" = 1000 AND NEW."quantity" <> 1 THEN
      NEW."quantity_milli" := NEW."quantity"::bigint * 1000;
    END IF;
    NEW."quantity" := (NEW."quantity_milli" + 500) / 1000;
  ELSIF NEW."quantity" IS DISTINCT FROM OLD."quantity" AND NEW."quantity_milli" = OLD."quantity_milli" THEN
    -- The release before changed the whole units.
    NEW."quantity_milli" := COALESCE(NEW."quantity", 0)::bigint * 1000;
  ELSE
    NEW."quantity" := (NEW."quantity_milli" + 500) / 1000;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "summary_items_quantity_both" BEFORE INSERT OR UPDATE ON "summary_items" FOR EACH ROW EXECUTE FUNCTION "summary_items_quantity_both"();
