CREATE TABLE "record_counts" (
	"resource" text NOT NULL,
	"scope" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "record_counts_resource_scope_status_pk" PRIMARY KEY("resource","scope","status")
);
--> statement-breakpoint
CREATE TABLE "record_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"version" integer NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "record_events_record_version_unique" UNIQUE("record_id","version")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"owner_id" uuid,
	"org_id" uuid,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"schema_id" text NOT NULL,
	"schema_version" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_events" ADD CONSTRAINT "record_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_org_id_units_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "records_resource_updated_idx" ON "records" USING btree ("resource","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_owner_updated_idx" ON "records" USING btree ("resource","owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_org_updated_idx" ON "records" USING btree ("resource","org_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "records_status_updated_idx" ON "records" USING btree ("resource","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);