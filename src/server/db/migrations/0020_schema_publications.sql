CREATE TABLE "schema_publications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schema_publications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"base_version" text,
	"files" jsonb NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "schema_publications_kind_known" CHECK ("schema_publications"."kind" IN ('activity', 'form')),
	CONSTRAINT "schema_publications_action_known" CHECK ("schema_publications"."action" IN ('publish', 'rollback', 'baseline'))
);
--> statement-breakpoint
CREATE INDEX "schema_publications_unit_idx" ON "schema_publications" USING btree ("kind","name","id");--> statement-breakpoint
CREATE INDEX "schema_publications_version_idx" ON "schema_publications" USING btree ("kind","name","version");