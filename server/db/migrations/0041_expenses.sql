CREATE TABLE "project_expenses" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"gst" bigint DEFAULT 0 NOT NULL,
	"paid_by" text,
	"reimbursed_at" timestamp with time zone,
	"billable" boolean DEFAULT false NOT NULL,
	"markup_bp" integer DEFAULT 0 NOT NULL,
	"receipt_file_id" text,
	"invoice_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_expenses" ADD CONSTRAINT "project_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_expenses_project_idx" ON "project_expenses" USING btree ("project_id","spent_on");--> statement-breakpoint
CREATE INDEX "project_expenses_firm_idx" ON "project_expenses" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "project_expenses_paid_by_idx" ON "project_expenses" USING btree ("paid_by");--> statement-breakpoint
CREATE INDEX "project_expenses_receipt_idx" ON "project_expenses" USING btree ("receipt_file_id");--> statement-breakpoint
CREATE INDEX "project_expenses_invoice_idx" ON "project_expenses" USING btree ("invoice_id") WHERE "project_expenses"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "project_expenses_created_by_idx" ON "project_expenses" USING btree ("created_by");