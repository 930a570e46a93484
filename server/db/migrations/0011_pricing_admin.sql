CREATE TABLE "firm_subscriptions" (
	"firm_id" text PRIMARY KEY NOT NULL,
	"trial_started_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"requested_by" text,
	"paid_until" timestamp with time zone,
	"paid_marked_at" timestamp with time zone,
	"paid_marked_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_portfolios" (
	"firm_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_projects" (
	"project_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_admins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firm_subscriptions" ADD CONSTRAINT "firm_subscriptions_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_subscriptions" ADD CONSTRAINT "firm_subscriptions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_subscriptions" ADD CONSTRAINT "firm_subscriptions_paid_marked_by_users_id_fk" FOREIGN KEY ("paid_marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_portfolios" ADD CONSTRAINT "hidden_portfolios_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_portfolios" ADD CONSTRAINT "hidden_portfolios_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_projects" ADD CONSTRAINT "hidden_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_projects" ADD CONSTRAINT "hidden_projects_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_admins" ADD CONSTRAINT "sub_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_admins" ADD CONSTRAINT "sub_admins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_subscriptions_requested_idx" ON "firm_subscriptions" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "firm_subscriptions_paid_until_idx" ON "firm_subscriptions" USING btree ("paid_until");--> statement-breakpoint
CREATE INDEX "firm_subscriptions_requested_by_idx" ON "firm_subscriptions" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "firm_subscriptions_paid_marked_by_idx" ON "firm_subscriptions" USING btree ("paid_marked_by");--> statement-breakpoint
CREATE INDEX "hidden_portfolios_hidden_by_idx" ON "hidden_portfolios" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "hidden_projects_hidden_by_idx" ON "hidden_projects" USING btree ("hidden_by");--> statement-breakpoint
CREATE INDEX "sub_admins_created_by_idx" ON "sub_admins" USING btree ("created_by");