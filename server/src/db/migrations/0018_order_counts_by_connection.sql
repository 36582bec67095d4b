-- Keeps derived.order_counts and derived.order_days as migration 0017 did, in the row of the
-- database connection that runs the statement (its backend's pid, modulo 64) instead of one of eight
-- picked at random. A checkout holds its row from its trigger until its commit, flush included; a
-- connection runs one transaction at a time, so checkouts on different connections wait on each
-- other's row only when their backends' pids fall on the same of 64 (at random, 20 connections over
-- 8 rows waited about 3 ms a checkout). The totals are still the sum of every row of a kind; a day
-- and kind now has up to as many rows as the connections that placed or changed its orders, at most
-- 64, until the day is folded into one.
CREATE OR REPLACE FUNCTION "derived"."count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "picked" smallint := pg_backend_pid() % 64;
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
