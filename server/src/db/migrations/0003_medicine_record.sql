ALTER TABLE "medicines" ADD COLUMN "active_ingredient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "strength" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "dosage_form" text;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "pack_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "prescription_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "directions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "side_effects" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "warnings" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "storage" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "medicines_substitute_idx" ON "medicines" USING btree (lower("active_ingredient"),lower(replace("strength", ' ', '')),"dosage_form");--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_dosage_form_check" CHECK (dosage_form in ('Tablet', 'Capsule', 'Syrup', 'Suspension', 'Injection', 'Cream', 'Ointment', 'Gel', 'Drops', 'Inhaler', 'Spray', 'Patch', 'Powder'));