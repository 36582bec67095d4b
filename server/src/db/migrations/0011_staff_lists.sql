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
-- Keeps derived.order_counts: once per statement, each kind of order it added or removed (a change of
-- status or review is both) moves its count, in one of eight rows picked at random. Checkout is one
-- statement, so it holds that row only while it commits; a bulk insert (a restore) counts in one go.
CREATE FUNCTION "derived"."count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "derived"."order_counts"
      SELECT "status", "prescription_review", floor(random() * 8), count(*) FROM "added" GROUP BY 1, 2
      ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "derived"."order_counts"
      SELECT "status", "prescription_review", floor(random() * 8), -count(*) FROM "removed" GROUP BY 1, 2
      ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders";
  ELSE
    INSERT INTO "derived"."order_counts"
      SELECT "status", "prescription_review", floor(random() * 8), sum("delta") FROM (
        SELECT "status", "prescription_review", 1 AS "delta" FROM "added"
        UNION ALL SELECT "status", "prescription_review", -1 FROM "removed"
      ) AS "moved" GROUP BY 1, 2 HAVING sum("delta") <> 0
      ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_orders"();--> statement-breakpoint
-- The orders already there, counted once; the migration holds the migration lock, and every instance
-- waits for it before serving.
INSERT INTO "derived"."order_counts" SELECT "status", "prescription_review", 0, count(*) FROM "orders" GROUP BY 1, 2;
