CREATE TABLE "message_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"transport" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_deliveries_channel_known" CHECK ("message_deliveries"."channel" IN ('sms', 'mail')),
	CONSTRAINT "message_deliveries_status_known" CHECK ("message_deliveries"."status" IN ('queued', 'sending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "message_deliveries_created_idx" ON "message_deliveries" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "message_deliveries_status_idx" ON "message_deliveries" USING btree ("status","created_at");