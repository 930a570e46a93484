CREATE TABLE "summary_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"section_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_item_images" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"item_id" text NOT NULL,
	"folder" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_items" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"section_id" text NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"title1" text DEFAULT '' NOT NULL,
	"description1" text DEFAULT '' NOT NULL,
	"retail_price" bigint DEFAULT 0 NOT NULL,
	"trade_price" bigint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"firm_id" text NOT NULL,
	"room_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summary_cards" ADD CONSTRAINT "summary_cards_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_cards" ADD CONSTRAINT "summary_cards_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_cards" ADD CONSTRAINT "summary_cards_section_id_summary_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."summary_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_item_images" ADD CONSTRAINT "summary_item_images_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_item_images" ADD CONSTRAINT "summary_item_images_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_item_images" ADD CONSTRAINT "summary_item_images_item_id_summary_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."summary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_items" ADD CONSTRAINT "summary_items_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_items" ADD CONSTRAINT "summary_items_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_items" ADD CONSTRAINT "summary_items_section_id_summary_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."summary_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD CONSTRAINT "summary_rooms_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_rooms" ADD CONSTRAINT "summary_rooms_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD CONSTRAINT "summary_sections_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD CONSTRAINT "summary_sections_firm_id_users_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary_sections" ADD CONSTRAINT "summary_sections_room_id_summary_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."summary_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "summary_cards_section_idx" ON "summary_cards" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "summary_cards_schedule_idx" ON "summary_cards" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "summary_cards_firm_idx" ON "summary_cards" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "summary_item_images_item_idx" ON "summary_item_images" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "summary_item_images_schedule_idx" ON "summary_item_images" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "summary_item_images_firm_idx" ON "summary_item_images" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "summary_item_images_folder_idx" ON "summary_item_images" USING btree ("folder");--> statement-breakpoint
CREATE INDEX "summary_items_section_idx" ON "summary_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "summary_items_schedule_idx" ON "summary_items" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "summary_items_firm_idx" ON "summary_items" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "summary_rooms_schedule_idx" ON "summary_rooms" USING btree ("schedule_id","position");--> statement-breakpoint
CREATE INDEX "summary_rooms_firm_idx" ON "summary_rooms" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "summary_sections_room_idx" ON "summary_sections" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "summary_sections_schedule_idx" ON "summary_sections" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "summary_sections_firm_idx" ON "summary_sections" USING btree ("firm_id");