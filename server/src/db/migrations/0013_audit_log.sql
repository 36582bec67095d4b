CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"kind" text NOT NULL,
	"medicine_id" uuid,
	"order_id" uuid,
	"user_id" uuid,
	"batch_id" uuid,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('medicine.created', 'medicine.updated', 'medicine.deleted', 'medicine.reorder-level', 'batch.received', 'batch.corrected', 'batch.written-off', 'batch.recalled', 'batch.recall-notified', 'user.role', 'user.deleted', 'order.status', 'order.prescription-review', 'import'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree (lower("actor_email"),"at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_medicine_idx" ON "audit_log" USING btree ("medicine_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_batch_idx" ON "audit_log" USING btree ("batch_id","at" DESC NULLS LAST);--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers): the log is append-only at the database too, so no
-- statement of the app, a script or a console session can change or remove what it says.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: its entries cannot be changed or deleted.';
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_append_only" ON "audit_log";--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
