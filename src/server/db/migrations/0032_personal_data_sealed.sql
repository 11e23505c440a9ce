CREATE TABLE "data_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"algorithm" text NOT NULL,
	"wrapped" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_phone_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_index" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_index_unique" UNIQUE("phone_index");