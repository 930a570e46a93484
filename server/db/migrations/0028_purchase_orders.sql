CREATE TABLE "purchase_order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"item_id" text,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hsn_sac" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"taxable" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"firm_id" text NOT NULL,
	"project_id" text NOT NULL,
	"schedule_id" text,
	"supplier_id" text,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"supplier" jsonb NOT NULL,
	"supply" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_id_summary_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."summary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_contacts_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item_idx" ON "purchase_order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_firm_idx" ON "purchase_order_lines" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_firm_number_idx" ON "purchase_orders" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_project_idx" ON "purchase_orders" USING btree ("project_id","issued_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_firm_committed_idx" ON "purchase_orders" USING btree ("firm_id","project_id") WHERE "purchase_orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "purchase_orders_schedule_idx" ON "purchase_orders" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_by_idx" ON "purchase_orders" USING btree ("created_by");