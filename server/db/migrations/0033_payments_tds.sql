ALTER TABLE "invoice_payments" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_section" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_tan" text DEFAULT '' NOT NULL;