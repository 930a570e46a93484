CREATE TABLE "money_write_keys" (
	"issuer_id" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"document_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_write_keys_issuer_id_key_pk" PRIMARY KEY("issuer_id","key")
);
--> statement-breakpoint
CREATE INDEX "money_write_keys_created_idx" ON "money_write_keys" USING btree ("created_at");