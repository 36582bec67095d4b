CREATE TABLE "backups" (
	"period" timestamp with time zone PRIMARY KEY NOT NULL,
	"file" text,
	"bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
