-- The order counts (derived.order_counts, derived.order_days) and the audit log's (derived.audit_counts)
-- are kept in the row of the connection's slot: the one of 64 that the server's pool claimed for the
-- connection when it opened (an advisory lock it holds while it lives, named in the session's
-- apotheca.count_slot), so no two live connections share a row, across every instance on the
-- database. The backend's pid modulo 64, which migrations 0018 and 0019 used, put two connections on
-- one row whenever their pids were 64 apart, and a checkout then waited for the other's commit, flush
-- included: on the order benchmark two slots of twenty were shared, and two thirds of the checkouts'
-- lock waits were on a count row. A session without a slot (psql, a migration, more than 64
-- connections) still counts in its pid's row.
CREATE FUNCTION "derived"."count_slot"() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('apotheca.count_slot', true), '')::smallint, pg_backend_pid() % 64)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "derived"."count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "picked" smallint := "derived"."count_slot"();
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
CREATE OR REPLACE FUNCTION "derived"."count_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "derived"."audit_counts"
    SELECT "kind", "derived"."count_slot"(), count(*) FROM "added" GROUP BY 1
    ON CONFLICT ON CONSTRAINT "audit_counts_key" DO UPDATE SET "entries" = "audit_counts"."entries" + EXCLUDED."entries";
  RETURN NULL;
END $$;
