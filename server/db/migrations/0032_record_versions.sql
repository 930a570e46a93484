ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "library_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_products" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "summary_items" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_billing_profiles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "platform_billing_profile" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_products" ADD CONSTRAINT "library_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_items" ADD CONSTRAINT "summary_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD CONSTRAINT "summary_rooms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD CONSTRAINT "summary_sections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_updated_by_idx" ON "users" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "library_products_updated_by_idx" ON "library_products" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "contacts_updated_by_idx" ON "contacts" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "projects_updated_by_idx" ON "projects" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "schedules_updated_by_idx" ON "schedules" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "summary_items_updated_by_idx" ON "summary_items" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "summary_rooms_updated_by_idx" ON "summary_rooms" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "summary_sections_updated_by_idx" ON "summary_sections" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "invoices_updated_by_idx" ON "invoices" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "purchase_orders_updated_by_idx" ON "purchase_orders" USING btree ("updated_by");