-- The reviewer of an order is kept after they are deleted, as the audit log keeps its actors: with
-- ON DELETE SET NULL, deleting a pharmacist rewrote every order they reviewed (each row and its eight
-- other indexes, and the kept counts' trigger), most of a 1 to 1.5 s delete at 20,000 reviews. Nothing
-- searches orders by reviewer once no foreign key does, so its index goes too.
ALTER TABLE "orders" DROP CONSTRAINT "orders_reviewed_by_users_id_fk";--> statement-breakpoint
DROP INDEX "orders_reviewed_by_idx";
