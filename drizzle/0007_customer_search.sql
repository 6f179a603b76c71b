-- The back office customer search (issue 4, scale): each customer and vehicle has a set of search terms, indexed with
-- GIN and read with prefix queries (`'n:gonz':*`), so a search reads only the matching entries at any table size.
-- Terms carry a kind prefix so one kind never matches another:
--   n:<word of the name>, e:<e-mail>, p:<every suffix of the phone's digits, 4 digits or more> (so any run of digits
--   matches, e.g. the last four), v:<every suffix of the VIN, 3 characters or more> (any part of a VIN), and
--   l:<every suffix of the plate without spaces or dashes>. Both functions are IMMUTABLE (they read only their
--   arguments), as an index expression must be. The application builds the queries (list-customers.server.ts).
CREATE FUNCTION customer_search_terms(name text, email text, phone text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT term), '{}'))
  FROM (
    SELECT 'n:' || word FROM unnest(regexp_split_to_array(lower(coalesce(name, '')), '[^[:alnum:]]+')) AS word WHERE word <> ''
    UNION ALL
    SELECT 'e:' || lower(email) WHERE coalesce(email, '') <> ''
    UNION ALL
    SELECT 'p:' || right(digits, n)
    FROM (SELECT regexp_replace(coalesce(phone, ''), '\D', '', 'g') AS digits) AS d, generate_series(4, length(d.digits)) AS n
  ) AS terms(term)
$$;--> statement-breakpoint
CREATE FUNCTION vehicle_search_terms(vin text, license_plate text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT term), '{}'))
  FROM (
    SELECT 'v:' || right(lower(coalesce(vin, '')), n) FROM generate_series(3, length(coalesce(vin, ''))) AS n
    UNION ALL
    SELECT 'l:' || right(plate, n)
    FROM (SELECT lower(regexp_replace(coalesce(license_plate, ''), '[^[:alnum:]]', '', 'g')) AS plate) AS p,
      generate_series(1, length(p.plate)) AS n
  ) AS terms(term)
$$;--> statement-breakpoint
CREATE INDEX "customers_search_terms_idx" ON "customers" USING gin (customer_search_terms("name", "email", "phone")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "vehicles_search_terms_idx" ON "vehicles" USING gin (vehicle_search_terms("vin", "license_plate")) WITH (fastupdate=false);