CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."order_counts" (
	"status" text NOT NULL,
	"prescription_review" text,
	"shard" smallint NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "order_counts_key" UNIQUE NULLS NOT DISTINCT("status","prescription_review","shard")
);
--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_prescription_review_idx";--> statement-breakpoint
-- The users' trigram indexes need pg_trgm (a trusted extension: the database's owner may add it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_prescription_review_idx" ON "orders" USING btree ("prescription_review","created_at","id");--> statement-breakpoint
-- Keeps derived.order_counts: at commit (deferred, so a checkout holds the row only while it commits),
-- each order inserted, deleted or changed in status or review moves one count, in a shard picked at random.
CREATE FUNCTION "derived"."count_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shard smallint := floor(random() * 8);
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "derived"."order_counts" VALUES (OLD."status", OLD."prescription_review", shard, -1)
      ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "derived"."order_counts" VALUES (NEW."status", NEW."prescription_review", shard, 1)
      ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_counted" AFTER INSERT OR DELETE OR UPDATE OF "status", "prescription_review" ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "derived"."count_order"();--> statement-breakpoint
-- The orders already there, counted once; the migration holds the migration lock, and every instance
-- waits for it before serving.
INSERT INTO "derived"."order_counts" SELECT "status", "prescription_review", 0, count(*) FROM "orders" GROUP BY 1, 2;
