CREATE TABLE "document_counters" (
	"issuer_id" text NOT NULL,
	"kind" text NOT NULL,
	"start_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_issuer_id_kind_start_year_pk" PRIMARY KEY("issuer_id","kind","start_year")
);
