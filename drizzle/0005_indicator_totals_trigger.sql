-- Keeps indicator_month_totals equal to the GROUP BY of indicators per agent and Israel calendar month.
-- Statement-level triggers with transition tables: a bulk insert costs one aggregate, not one upsert per row.
CREATE OR REPLACE FUNCTION indicator_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO indicator_month_totals AS t (agent_id, year, month, meetings, exclusives, price_updates, buyer_tours, price_offers, deals)
    SELECT agent_id,
      extract(year FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      extract(month FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      -sum(meetings)::integer, -sum(exclusives)::integer, -sum(price_updates)::integer, -sum(buyer_tours)::integer, -sum(price_offers)::integer, -sum(deals)::integer
    FROM old_rows
    GROUP BY 1, 2, 3
    ON CONFLICT (agent_id, year, month) DO UPDATE SET meetings = t.meetings + excluded.meetings, exclusives = t.exclusives + excluded.exclusives, price_updates = t.price_updates + excluded.price_updates, buyer_tours = t.buyer_tours + excluded.buyer_tours, price_offers = t.price_offers + excluded.price_offers, deals = t.deals + excluded.deals;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO indicator_month_totals AS t (agent_id, year, month, meetings, exclusives, price_updates, buyer_tours, price_offers, deals)
    SELECT agent_id,
      extract(year FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      extract(month FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      sum(meetings)::integer, sum(exclusives)::integer, sum(price_updates)::integer, sum(buyer_tours)::integer, sum(price_offers)::integer, sum(deals)::integer
    FROM new_rows
    GROUP BY 1, 2, 3
    ON CONFLICT (agent_id, year, month) DO UPDATE SET meetings = t.meetings + excluded.meetings, exclusives = t.exclusives + excluded.exclusives, price_updates = t.price_updates + excluded.price_updates, buyer_tours = t.buyer_tours + excluded.buyer_tours, price_offers = t.price_offers + excluded.price_offers, deals = t.deals + excluded.deals;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER indicators_totals_insert AFTER INSERT ON indicators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION indicator_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER indicators_totals_update AFTER UPDATE ON indicators
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION indicator_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER indicators_totals_delete AFTER DELETE ON indicators
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION indicator_month_totals_apply();
--> statement-breakpoint
-- Rows that existed before this migration.
INSERT INTO indicator_month_totals AS t (agent_id, year, month, meetings, exclusives, price_updates, buyer_tours, price_offers, deals)
    SELECT agent_id,
      extract(year FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      extract(month FROM created_at AT TIME ZONE 'Asia/Jerusalem')::smallint,
      sum(meetings)::integer, sum(exclusives)::integer, sum(price_updates)::integer, sum(buyer_tours)::integer, sum(price_offers)::integer, sum(deals)::integer
    FROM indicators
    GROUP BY 1, 2, 3
    ON CONFLICT (agent_id, year, month) DO UPDATE SET meetings = t.meetings + excluded.meetings, exclusives = t.exclusives + excluded.exclusives, price_updates = t.price_updates + excluded.price_updates, buyer_tours = t.buyer_tours + excluded.buyer_tours, price_offers = t.price_offers + excluded.price_offers, deals = t.deals + excluded.deals;
