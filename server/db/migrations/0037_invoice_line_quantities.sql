-- Quantities in thousandths with their UQC unit (decision 407). Expand only: the release before
-- this one still writes whole units into "quantity" during a rolling upgrade, so a trigger fills
-- either column from the other, and "quantity" is dropped by a later release.
ALTER TABLE "invoice_lines" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "quantity_milli" bigint;--> statement-breakpoint
UPDATE "invoice_lines" SET "quantity_milli" = "quantity"::bigint * 1000;--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "quantity_milli" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "unit" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
UPDATE "invoice_lines" SET "unit" = 'NA' WHERE "hsn_sac" LIKE '99%';--> statement-breakpoint
CREATE FUNCTION "invoice_lines_quantity_both"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."quantity_milli" IS NULL AND NEW."quantity" IS NOT NULL THEN
    NEW."quantity_milli" := NEW."quantity"::bigint * 1000;
  ELSIF NEW."quantity" IS NULL AND NEW."quantity_milli" % 1000 = 0 THEN
    NEW."quantity" := NEW."quantity_milli" / 1000;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_quantity_both" BEFORE INSERT OR UPDATE ON "invoice_lines" FOR EACH ROW EXECUTE FUNCTION "invoice_lines_quantity_both"();
