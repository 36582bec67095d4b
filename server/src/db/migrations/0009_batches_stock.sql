CREATE TABLE "batch_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"change" integer NOT NULL,
	"reason" text,
	CONSTRAINT "batch_movements_kind_check" CHECK ("batch_movements"."kind" in ('received', 'adjusted', 'written-off', 'recalled'))
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"lot" text NOT NULL,
	"expires_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"received_on" date DEFAULT now() NOT NULL,
	"recalled_at" timestamp with time zone,
	"written_off_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_quantity_check" CHECK ("batches"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_item_batches" (
	"order_item_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_item_batches_order_item_id_batch_id_pk" PRIMARY KEY("order_item_id","batch_id"),
	CONSTRAINT "order_item_batches_quantity_check" CHECK ("order_item_batches"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "recall_notices" (
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_notices_batch_id_user_id_pk" PRIMARY KEY("batch_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "medicines" DROP CONSTRAINT "medicines_stock_check";--> statement-breakpoint
ALTER TABLE "order_history" DROP CONSTRAINT "order_history_event_check";--> statement-breakpoint
DROP INDEX "medicines_stock_idx";--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "reorder_level" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_movements" ADD CONSTRAINT "batch_movements_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_movements" ADD CONSTRAINT "batch_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_batches" ADD CONSTRAINT "order_item_batches_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_batches" ADD CONSTRAINT "order_item_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_movements_batch_idx" ON "batch_movements" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_medicine_lot_unique" ON "batches" USING btree ("medicine_id","lot");--> statement-breakpoint
CREATE INDEX "batches_medicine_expiry_idx" ON "batches" USING btree ("medicine_id","expires_on","id");--> statement-breakpoint
CREATE INDEX "batches_expiry_idx" ON "batches" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "order_item_batches_batch_idx" ON "order_item_batches" USING btree ("batch_id");--> statement-breakpoint
-- HAND-WRITTEN: the stock of each medicine becomes its first batch, expiring its shelf life
-- (max_months_expiry) from today, with its receipt in the batch's history; every order line so far
-- drew from it, so a cancellation puts its units back there.
INSERT INTO "batches" ("medicine_id", "lot", "expires_on", "quantity")
SELECT "id", 'OPENING-STOCK', (current_date + make_interval(months => "max_months_expiry"))::date, "stock"
FROM "medicines";--> statement-breakpoint
INSERT INTO "batch_movements" ("batch_id", "kind", "change", "reason")
SELECT "id", 'received', "quantity", 'Stock held before batches were kept' FROM "batches";--> statement-breakpoint
INSERT INTO "order_item_batches" ("order_item_id", "batch_id", "quantity")
SELECT oi."id", b."id", oi."quantity" FROM "order_items" oi JOIN "batches" b ON b."medicine_id" = oi."medicine_id";--> statement-breakpoint
-- HAND-WRITTEN: the day that expiry is judged by, the database's own, so a batch stops being sold
-- on its expiry date without any write. A function rather than current_date in each query, so that
-- a test can fix the day.
CREATE FUNCTION "shop_today"() RETURNS date LANGUAGE sql STABLE AS $$ SELECT current_date $$;--> statement-breakpoint
ALTER TABLE "medicines" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_reorder_level_check" CHECK ("medicines"."reorder_level" >= 0);--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_event_check" CHECK ("order_history"."event" in ('placed', 'status-changed', 'stock-restored', 'stock-taken', 'review-decided', 'recall-flagged'));