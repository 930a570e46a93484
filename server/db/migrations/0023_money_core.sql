CREATE TABLE "firm_billing_profiles" (
	"firm_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text,
	"pan" text,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"bank_ifsc" text DEFAULT '' NOT NULL,
	"upi_id" text DEFAULT '' NOT NULL,
	"invoice_prefix" text NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"proposal_terms" text DEFAULT '' NOT NULL,
	"proposal_validity_days" integer NOT NULL,
	"item_taxes" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_see_financials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_billing_profiles" ADD CONSTRAINT "firm_billing_profiles_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_billing_profiles" ADD CONSTRAINT "firm_billing_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_billing_profiles_updated_by_idx" ON "firm_billing_profiles" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "contacts_firm_client_idx" ON "contacts" USING btree ("firm_id") WHERE "contacts"."is_client";--> statement-breakpoint
CREATE INDEX "contacts_firm_supplier_idx" ON "contacts" USING btree ("firm_id") WHERE "contacts"."is_supplier";--> statement-breakpoint
-- Contacts already of kind client or supplier are clients or suppliers (docs/decisions/257).
UPDATE "contacts" SET "is_client" = true WHERE "kind" = 'client';--> statement-breakpoint
UPDATE "contacts" SET "is_supplier" = true WHERE "kind" = 'supplier';
