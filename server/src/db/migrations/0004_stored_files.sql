CREATE TABLE "stored_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
