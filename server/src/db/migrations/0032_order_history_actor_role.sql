-- An order's history named its actors with the role each has today, so a pharmacist made an admin
-- later read as an admin in everything they did before. Each row now keeps the role its actor had
-- when the change was made. Rows written before this migration get their actor's role of today, the
-- best that is known of them; the shop's own rows (no actor) have none.
ALTER TABLE "order_history" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_role_check" CHECK ("order_history"."actor_role" in ('user', 'pharmacist', 'admin'));--> statement-breakpoint
UPDATE "order_history" SET "actor_role" = "users"."role" FROM "users" WHERE "users"."id" = "order_history"."actor_id";--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_role_known" CHECK ("order_history"."actor_id" is null or "order_history"."actor_role" is not null);--> statement-breakpoint
-- Written by hand (drizzle-kit has no triggers): a row inserted without the role takes its actor's
-- role of that moment, so every writer of the history (checkout's statement, a status change, a
-- recall) keeps it without naming it; a role given (a restored backup's) is kept as given.
CREATE OR REPLACE FUNCTION "order_history_actor_role"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."actor_role" IS NULL AND NEW."actor_id" IS NOT NULL THEN
    SELECT "role" INTO NEW."actor_role" FROM "users" WHERE "id" = NEW."actor_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_history_actor_role" ON "order_history";--> statement-breakpoint
CREATE TRIGGER "order_history_actor_role" BEFORE INSERT ON "order_history"
  FOR EACH ROW EXECUTE FUNCTION "order_history_actor_role"();
