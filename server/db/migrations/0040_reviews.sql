CREATE TABLE "review_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text,
	"project_name" text NOT NULL,
	"reviewer_key" text NOT NULL,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"invoice_id" text,
	"contact_id" text,
	"share_link_id" text,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_centi" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_token_hash_idx" ON "review_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_invoice_idx" ON "review_invitations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "review_invitations_firm_idx" ON "review_invitations" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "review_invitations_created_by_idx" ON "review_invitations" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_once_idx" ON "reviews" USING btree ("firm_id","project_id","reviewer_key");--> statement-breakpoint
CREATE INDEX "reviews_firm_visible_idx" ON "reviews" USING btree ("firm_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_firm_idx" ON "reviews" USING btree ("firm_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_project_idx" ON "reviews" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "reviews_invoice_idx" ON "reviews" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "reviews_contact_idx" ON "reviews" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "reviews_share_link_idx" ON "reviews" USING btree ("share_link_id");--> statement-breakpoint
CREATE INDEX "reviews_answered_by_idx" ON "reviews" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "reviews_hidden_by_idx" ON "reviews" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "users_directory_rating_idx" ON "users" USING btree ("rating_centi" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "users"."is_verify" = 2;--> statement-breakpoint
CREATE INDEX "leads_firm_created_idx" ON "leads" USING btree ("firm_id","created_at");