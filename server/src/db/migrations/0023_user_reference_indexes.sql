CREATE INDEX "batch_movements_actor_idx" ON "batch_movements" USING btree ("actor_id") WHERE "batch_movements"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "order_history_actor_idx" ON "order_history" USING btree ("actor_id") WHERE "order_history"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_reviewed_by_idx" ON "orders" USING btree ("reviewed_by") WHERE "orders"."reviewed_by" is not null;--> statement-breakpoint
CREATE INDEX "prescription_views_viewer_idx" ON "prescription_views" USING btree ("viewer_id") WHERE "prescription_views"."viewer_id" is not null;--> statement-breakpoint
CREATE INDEX "recall_notices_user_idx" ON "recall_notices" USING btree ("user_id");