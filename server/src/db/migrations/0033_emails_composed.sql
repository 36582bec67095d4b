-- E-mails are stored composed (NFC) since the contract composes every e-mail it reads: an "é" typed as
-- an e and a combining accent is the same address as one typed whole. Those stored before are
-- composed here, so their patients, whose typing is now composed, still find their accounts. One whose
-- composed form another account already has (two accounts, made before) is left as it was, and of two
-- that compose alike only one is composed, so that no two accounts end with one address.
UPDATE "users" SET "email" = normalize("email", NFC)
WHERE "email" <> normalize("email", NFC)
  AND NOT EXISTS (
    SELECT 1 FROM "users" "other"
    WHERE lower("other"."email") = lower(normalize("users"."email", NFC))
      OR ("other"."id" < "users"."id"
        AND lower(normalize("other"."email", NFC)) = lower(normalize("users"."email", NFC)))
  );
