CREATE TABLE "search_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"record_id" uuid,
	"version" integer NOT NULL,
	"stamp" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"kind" text,
	"day" date,
	"href" text NOT NULL,
	"words" "tsvector" NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"keyword" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_keywords_keyword_day_pk" PRIMARY KEY("keyword","day")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("source");--> statement-breakpoint
CREATE INDEX "search_documents_record_idx" ON "search_documents" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "search_keywords_day_idx" ON "search_keywords" USING btree ("day");