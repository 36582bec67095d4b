-- HAND-WRITTEN: the shop's day is the UTC calendar day, the one the sales report, the order counts
-- and the staff lists' days already read (docs/decisions/0111). current_date follows the session's
-- TimeZone, which a PostgreSQL server not set to UTC gives every connection.
CREATE OR REPLACE FUNCTION "shop_today"() RETURNS date LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'UTC')::date $$;
