CREATE TABLE "derived"."order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"prescription_review" text,
	"shard" smallint NOT NULL,
	"orders" bigint NOT NULL,
	CONSTRAINT "order_days_key" UNIQUE NULLS NOT DISTINCT("day","status","prescription_review","shard")
);
--> statement-breakpoint
-- Keeps derived.order_counts (as migration 0011 did) and now derived.order_days: once per statement,
-- each kind of order it added or removed (a change of status or review is both) moves its count and
-- its day's count, both in the one of eight rows the statement picked at random, so concurrent
-- checkouts seldom wait on one row.
CREATE OR REPLACE FUNCTION "derived"."count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "picked" smallint := floor(random() * 8);
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH "moved" AS (SELECT "status", "prescription_review", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "delta" FROM "added"),
    "counted" AS (
      INSERT INTO "derived"."order_counts"
        SELECT "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2
        ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders")
    INSERT INTO "derived"."order_days"
      SELECT "day", "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "order_days_key" DO UPDATE SET "orders" = "order_days"."orders" + EXCLUDED."orders";
  ELSIF TG_OP = 'DELETE' THEN
    WITH "moved" AS (SELECT "status", "prescription_review", ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "delta" FROM "removed"),
    "counted" AS (
      INSERT INTO "derived"."order_counts"
        SELECT "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2
        ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders")
    INSERT INTO "derived"."order_days"
      SELECT "day", "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "order_days_key" DO UPDATE SET "orders" = "order_days"."orders" + EXCLUDED."orders";
  ELSE
    WITH "moved" AS (
      SELECT "status", "prescription_review", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "delta" FROM "added"
      UNION ALL SELECT "status", "prescription_review", ("created_at" AT TIME ZONE 'UTC')::date, -1 FROM "removed"),
    "counted" AS (
      INSERT INTO "derived"."order_counts"
        SELECT "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2 HAVING sum("delta") <> 0
        ON CONFLICT ON CONSTRAINT "order_counts_key" DO UPDATE SET "orders" = "order_counts"."orders" + EXCLUDED."orders")
    INSERT INTO "derived"."order_days"
      SELECT "day", "status", "prescription_review", "picked", sum("delta") FROM "moved" GROUP BY 1, 2, 3 HAVING sum("delta") <> 0
      ON CONFLICT ON CONSTRAINT "order_days_key" DO UPDATE SET "orders" = "order_days"."orders" + EXCLUDED."orders";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The orders already there, counted by day once; the migration holds the migration lock, and every
-- instance waits for it before serving.
INSERT INTO "derived"."order_days"
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", "prescription_review", 0, count(*) FROM "orders" GROUP BY 1, 2, 3;
