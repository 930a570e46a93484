CREATE TABLE "fee_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"agreement_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"portal_id" text NOT NULL,
	"version" integer NOT NULL,
	"agreement_version" integer NOT NULL,
	"letter" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_email" text,
	"decided_portal_id" text,
	"decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "portal_files" (
	"portal_id" text NOT NULL,
	"file_id" text NOT NULL,
	"shared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_files_portal_id_file_id_pk" PRIMARY KEY("portal_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "fee_agreements" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_agreement_id_fee_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."fee_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_decided_portal_id_client_portals_id_fk" FOREIGN KEY ("decided_portal_id") REFERENCES "public"."client_portals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_portal_id_client_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."client_portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_files" ADD CONSTRAINT "portal_files_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_proposals_version_idx" ON "fee_proposals" USING btree ("agreement_id","version");--> statement-breakpoint
CREATE INDEX "fee_proposals_firm_idx" ON "fee_proposals" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "fee_proposals_contact_idx" ON "fee_proposals" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_proposals_portal_idx" ON "fee_proposals" USING btree ("portal_id");--> statement-breakpoint
CREATE INDEX "fee_proposals_shared_by_idx" ON "fee_proposals" USING btree ("shared_by");--> statement-breakpoint
CREATE INDEX "fee_proposals_decided_portal_idx" ON "fee_proposals" USING btree ("decided_portal_id");--> statement-breakpoint
CREATE INDEX "portal_files_file_idx" ON "portal_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "portal_files_shared_by_idx" ON "portal_files" USING btree ("shared_by");