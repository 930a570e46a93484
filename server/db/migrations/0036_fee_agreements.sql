CREATE TABLE "fee_agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text NOT NULL,
	"basis" text NOT NULL,
	"work_kind" text NOT NULL,
	"rate_milli" integer DEFAULT 0 NOT NULL,
	"lump_sum" bigint DEFAULT 0 NOT NULL,
	"hourly_rate" bigint DEFAULT 0 NOT NULL,
	"hourly_cap" bigint,
	"documentation_charge" boolean DEFAULT false NOT NULL,
	"bill_checking_charge" boolean DEFAULT false NOT NULL,
	"contact_id" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_costs" (
	"id" text PRIMARY KEY NOT NULL,
	"agreement_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"recorded_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_stage_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"agreement_id" text NOT NULL,
	"stage_id" text,
	"invoice_id" text NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_stages" (
	"id" text PRIMARY KEY NOT NULL,
	"agreement_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"share_bp" integer NOT NULL,
	"cost_basis" text NOT NULL,
	"minimum" bigint DEFAULT 0 NOT NULL,
	"reached_on" date
);
--> statement-breakpoint
ALTER TABLE "fee_agreements" ADD CONSTRAINT "fee_agreements_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_agreements" ADD CONSTRAINT "fee_agreements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_agreements" ADD CONSTRAINT "fee_agreements_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_agreements" ADD CONSTRAINT "fee_agreements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_costs" ADD CONSTRAINT "fee_costs_agreement_id_fee_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."fee_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_costs" ADD CONSTRAINT "fee_costs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_stage_documents" ADD CONSTRAINT "fee_stage_documents_agreement_id_fee_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."fee_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_stage_documents" ADD CONSTRAINT "fee_stage_documents_stage_id_fee_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."fee_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_stage_documents" ADD CONSTRAINT "fee_stage_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_stages" ADD CONSTRAINT "fee_stages_agreement_id_fee_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."fee_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_agreements_project_idx" ON "fee_agreements" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "fee_agreements_firm_idx" ON "fee_agreements" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "fee_agreements_contact_idx" ON "fee_agreements" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "fee_agreements_updated_by_idx" ON "fee_agreements" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "fee_costs_agreement_idx" ON "fee_costs" USING btree ("agreement_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_costs_created_by_idx" ON "fee_costs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "fee_stage_documents_agreement_idx" ON "fee_stage_documents" USING btree ("agreement_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_stage_documents_stage_idx" ON "fee_stage_documents" USING btree ("stage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_stage_documents_invoice_idx" ON "fee_stage_documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_stages_agreement_idx" ON "fee_stages" USING btree ("agreement_id","position");