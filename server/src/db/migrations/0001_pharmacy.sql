CREATE TABLE "order_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"event" text NOT NULL,
	"from" text,
	"to" text,
	"note" text,
	CONSTRAINT "order_history_event_check" CHECK ("order_history"."event" in ('placed', 'status-changed', 'stock-restored', 'stock-taken', 'review-decided'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'pharmacist', 'admin'));--> statement-breakpoint
-- Orders placed before the history was kept get their placing and, when it moved since, their present status.
INSERT INTO "order_history" ("order_id", "at", "actor_id", "event", "to") SELECT "id", "created_at", "user_id", 'placed', 'Pending' FROM "orders";--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "at", "event", "from", "to", "note") SELECT "id", "created_at", 'status-changed', 'Pending', "status", 'Recorded before the order history was kept' FROM "orders" WHERE "status" <> 'Pending';
