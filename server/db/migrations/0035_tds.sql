CREATE TABLE "tds_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"contact_id" text,
	"tan" text DEFAULT '' NOT NULL,
	"quarter" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_section" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_tan" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tds_certificates_firm_idx" ON "tds_certificates" USING btree ("firm_id","quarter");--> statement-breakpoint
CREATE INDEX "tds_certificates_contact_idx" ON "tds_certificates" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tds_certificates_created_by_idx" ON "tds_certificates" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "tds_certificates_number_idx" ON "tds_certificates" USING btree ("firm_id","tan","number");