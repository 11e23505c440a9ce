ALTER TABLE "records" ADD COLUMN "blind" jsonb;--> statement-breakpoint
CREATE INDEX "records_blind_idx" ON "records" USING gin ("blind" jsonb_path_ops);