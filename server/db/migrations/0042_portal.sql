CREATE TABLE "client_portals" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text,
	"created_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"portal_id" text,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"paid_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_views" (
	"portal_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_views_portal_id_kind_target_id_pk" PRIMARY KEY("portal_id","kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "portal_id" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "portal_id" text;--> statement-breakpoint
ALTER TABLE "client_portals" ADD CONSTRAINT "client_portals_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portals" ADD CONSTRAINT "client_portals_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portals" ADD CONSTRAINT "client_portals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portals" ADD CONSTRAINT "client_portals_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notes" ADD CONSTRAINT "payment_notes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_proofs" ADD CONSTRAINT "portal_proofs_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_views" ADD CONSTRAINT "portal_views_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_portals_token_hash_idx" ON "client_portals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "client_portals_open_contact_idx" ON "client_portals" USING btree ("contact_id") WHERE "client_portals"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "client_portals_firm_idx" ON "client_portals" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "client_portals_contact_idx" ON "client_portals" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "client_portals_created_by_idx" ON "client_portals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "client_portals_revoked_by_idx" ON "client_portals" USING btree ("revoked_by");--> statement-breakpoint
CREATE INDEX "payment_notes_firm_idx" ON "payment_notes" USING btree ("firm_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payment_notes_invoice_idx" ON "payment_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_notes_portal_idx" ON "payment_notes" USING btree ("portal_id");--> statement-breakpoint
CREATE INDEX "payment_notes_payment_idx" ON "payment_notes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_notes_decided_by_idx" ON "payment_notes" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notes_reference_idx" ON "payment_notes" USING btree ("invoice_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_proofs_token_hash_idx" ON "portal_proofs" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_proofs_portal_idx" ON "portal_proofs" USING btree ("portal_id","expires_at");--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_portal_idx" ON "one_time_codes" USING btree ("portal_id","purpose");--> statement-breakpoint
CREATE INDEX "share_links_portal_idx" ON "share_links" USING btree ("portal_id");