CREATE TABLE "client_decisions" (
	"id" text PRIMARY KEY NOT NULL,
	"share_link_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text NOT NULL,
	"schedule_id" text NOT NULL,
	"section_id" text NOT NULL,
	"section_name" text DEFAULT '' NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_products" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retail_price" bigint DEFAULT 0 NOT NULL,
	"trade_price" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text NOT NULL,
	"schedule_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_decisions" ADD CONSTRAINT "client_decisions_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD CONSTRAINT "client_decisions_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD CONSTRAINT "client_decisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_decisions" ADD CONSTRAINT "client_decisions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_products" ADD CONSTRAINT "library_products_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_products" ADD CONSTRAINT "library_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_decisions_link_idx" ON "client_decisions" USING btree ("share_link_id","created_at");--> statement-breakpoint
CREATE INDEX "client_decisions_firm_idx" ON "client_decisions" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "client_decisions_project_idx" ON "client_decisions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "client_decisions_schedule_idx" ON "client_decisions" USING btree ("schedule_id","section_id","created_at");--> statement-breakpoint
CREATE INDEX "library_products_firm_idx" ON "library_products" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "library_products_title_lower_idx" ON "library_products" USING btree ("firm_id",lower("title"));--> statement-breakpoint
CREATE INDEX "library_products_created_by_idx" ON "library_products" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_firm_idx" ON "share_links" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_project_idx" ON "share_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "share_links_schedule_idx" ON "share_links" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_created_by_idx" ON "share_links" USING btree ("created_by");