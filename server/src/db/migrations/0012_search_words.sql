-- Typos are words within an edit distance of a catalogue word: fuzzystrmatch's levenshtein (both the
-- embedded PostgreSQL and a server's contrib ship it; it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medicines" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(active_ingredient), '[^[:alnum:]]+', ' ', 'g')), 'B') || setweight(to_tsvector('simple'::regconfig, regexp_replace(lower(developed_by || ' ' || category), '[^[:alnum:]]+', ' ', 'g')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "medicines_search_idx" ON "medicines" USING gin ("search_words");--> statement-breakpoint
-- The words of a medicine's searched fields that have a letter, split as search splits them.
CREATE FUNCTION "catalogue_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name || ' ' || NEW.active_ingredient || ' ' || NEW.developed_by || ' ' || NEW.category), '[^[:alnum:]]+') AS w
  WHERE w ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "medicines_catalogue_words" AFTER INSERT OR UPDATE OF name, active_ingredient, developed_by, category ON "medicines" FOR EACH ROW EXECUTE FUNCTION "catalogue_words_add"();--> statement-breakpoint
INSERT INTO "catalogue_words" (word)
SELECT DISTINCT w FROM "medicines", regexp_split_to_table(lower(name || ' ' || active_ingredient || ' ' || developed_by || ' ' || category), '[^[:alnum:]]+') AS w
WHERE w ~ '[[:alpha:]]'
ON CONFLICT DO NOTHING;
