CREATE TABLE "audit_anchor" (
	"id" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"through_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hand-written: the audit log stays append-only, except that the retention job (and nothing else) may
-- delete rows older than the 180 days that MLPS 2.0 requires (SECURITY R31, R32, issue 15). It says
-- so with a transaction-local setting, so an ordinary DELETE is still refused.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('kechuang.audit_retention', true) = 'on' AND OLD.at < now() - interval '180 days' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
