ALTER TABLE "attachments" ALTER COLUMN "step" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "owner_kind" text DEFAULT 'activity' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "owner_id" text;--> statement-breakpoint
UPDATE "attachments" SET "owner_id" = "activity_id";