ALTER TABLE "firm_billing_profiles" ADD COLUMN "round_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "round_off" bigint DEFAULT 0 NOT NULL;