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
CREATE TABLE "prescription_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_file_type_check" CHECK ("prescriptions"."file_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "prescription_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_review" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_views" ADD CONSTRAINT "prescription_views_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_views" ADD CONSTRAINT "prescription_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "prescription_views_prescription_idx" ON "prescription_views" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "prescriptions_user_idx" ON "prescriptions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_prescription_review_idx" ON "orders" USING btree ("prescription_review","created_at");--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_max_per_order_check" CHECK ("medicines"."max_per_order" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prescription_review_check" CHECK ("orders"."prescription_review" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'pharmacist', 'admin'));--> statement-breakpoint
-- HAND-WRITTEN: orders placed before the history was kept get their placing and, when it moved since, their present status.
INSERT INTO "order_history" ("order_id", "at", "actor_id", "event", "to") SELECT "id", "created_at", "user_id", 'placed', 'Pending' FROM "orders";--> statement-breakpoint
INSERT INTO "order_history" ("order_id", "at", "event", "from", "to", "note") SELECT "id", "created_at", 'status-changed', 'Pending', "status", 'Recorded before the order history was kept' FROM "orders" WHERE "status" <> 'Pending';
