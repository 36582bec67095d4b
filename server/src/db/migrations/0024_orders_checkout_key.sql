ALTER TABLE "orders" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_checkout_key_unique" ON "orders" USING btree ("user_id","checkout_key") WHERE "orders"."checkout_key" is not null;