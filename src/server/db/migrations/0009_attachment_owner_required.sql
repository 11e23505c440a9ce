DROP INDEX "attachments_user_activity_idx";--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "attachments_user_owner_idx" ON "attachments" USING btree ("user_id","owner_kind","owner_id");--> statement-breakpoint
ALTER TABLE "attachments" DROP COLUMN "activity_id";