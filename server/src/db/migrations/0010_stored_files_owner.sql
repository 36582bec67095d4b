ALTER TABLE "stored_files" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
-- A prescription's file, stored before files had owners, belongs to the prescription's patient.
UPDATE "stored_files" SET "owner_id" = "prescriptions"."user_id" FROM "prescriptions" WHERE "stored_files"."path" = '/private/prescriptions/' || "prescriptions"."id"::text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");