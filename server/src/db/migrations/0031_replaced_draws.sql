-- A replacement of an order's units of a recalled lot (docs/decisions/0148) deleted the order line's
-- draw from that lot, and the recall's page, which lists the lot's orders from the draws, lost the order.
-- Each replaced draw is kept here, by the lot its units came from instead. Replacements made before
-- this migration cannot be written back: their draws are gone, and only notes name the lots, with no
-- quantities.
CREATE TABLE "replaced_draws" (
	"batch_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"replacement_batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "replaced_draws_batch_id_order_item_id_replacement_batch_id_pk" PRIMARY KEY("batch_id","order_item_id","replacement_batch_id"),
	CONSTRAINT "replaced_draws_quantity_check" CHECK ("replaced_draws"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "replaced_draws" ADD CONSTRAINT "replaced_draws_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replaced_draws" ADD CONSTRAINT "replaced_draws_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replaced_draws" ADD CONSTRAINT "replaced_draws_replacement_batch_id_batches_id_fk" FOREIGN KEY ("replacement_batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;
