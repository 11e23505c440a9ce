ALTER TABLE "schema_publications" DROP CONSTRAINT "schema_publications_kind_known";--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schema_publications" ADD CONSTRAINT "schema_publications_kind_known" CHECK ("schema_publications"."kind" IN ('activity', 'form', 'resource', 'site', 'dashboard', 'dictionary'));