CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer DEFAULT nextval('order_number_seq') NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN: existing orders are numbered in the order they were placed, oldest first, before
-- the numbers are made unique; the sequence then goes on after the last of them.
UPDATE "orders" SET "number" = "numbered"."n"
FROM (SELECT "id", 100000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
SELECT setval('order_number_seq', (SELECT coalesce(max("number"), 100000) FROM "orders"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");