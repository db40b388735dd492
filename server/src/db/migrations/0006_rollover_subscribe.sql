-- A rollover subscription as one database function (decision 007), called in one statement with no
-- transaction around it, so a subscription costs one round trip instead of four (BEGIN, lock, write,
-- COMMIT) and holds the plan's row lock only for the time the database needs.
--
-- The plan's row is locked first, so subscriptions to one plan are decided one after the other; the
-- function is VOLATILE, so each query after the lock takes a new snapshot and sees every
-- subscription committed before it, which keeps the slot limit and "one running subscription per
-- plan" exact. The caller states the plan's terms as it last saw them (price, duration, last
-- update): changed terms answer 'stale', and the caller reads the plan again. Then it refuses
-- ('not-found', 'inactive', 'already-subscribed', 'full') or records the subscription, moves the
-- money through ledger_move (an overdraft raises ZL001 and the whole statement rolls back) and adds
-- the activity item. Answers { refusal, taken, payment }: taken counts the running subscriptions
-- before this one; payment is ledger_move's answer (null for a free plan).
CREATE FUNCTION rollover_subscribe(
  sub_id uuid,
  sub_user uuid,
  sub_plan uuid,
  sub_wallet text,
  sub_at timestamptz,
  sub_start_day date,
  sub_expires_at timestamptz,
  plan_seen_updated_at timestamptz,
  plan_seen_price bigint,
  plan_seen_duration integer,
  move_key text,
  move_description text,
  move_postings jsonb,
  activity_id uuid,
  activity_icon text,
  activity_color text,
  activity_title text,
  activity_description text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan record;
  running integer;
  mine integer;
  payment jsonb;
BEGIN
  SELECT id, active, slot_limit, price_kobo, duration_days, updated_at INTO plan
    FROM rollover_plans WHERE id = sub_plan FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refusal', 'not-found');
  END IF;
  -- updated_at to the millisecond: what the caller's clock and its JavaScript dates hold.
  IF date_trunc('milliseconds', plan.updated_at) <> plan_seen_updated_at OR plan.price_kobo <> plan_seen_price
     OR plan.duration_days <> plan_seen_duration THEN
    RETURN jsonb_build_object('refusal', 'stale');
  END IF;
  IF NOT plan.active THEN
    RETURN jsonb_build_object('refusal', 'inactive');
  END IF;
  SELECT count(*), count(*) FILTER (WHERE user_id = sub_user) INTO running, mine
    FROM rollover_subscriptions WHERE plan_id = sub_plan AND expires_at > sub_at;
  IF mine > 0 THEN
    RETURN jsonb_build_object('refusal', 'already-subscribed', 'taken', running);
  END IF;
  IF plan.slot_limit IS NOT NULL AND running >= plan.slot_limit THEN
    RETURN jsonb_build_object('refusal', 'full', 'taken', running);
  END IF;
  INSERT INTO rollover_subscriptions
    (id, user_id, plan_id, wallet_type, price_kobo, duration_days, start_day, started_at, expires_at)
    VALUES (sub_id, sub_user, sub_plan, sub_wallet, plan.price_kobo, plan.duration_days, sub_start_day,
      sub_at, sub_expires_at);
  IF plan.price_kobo > 0 THEN
    payment := ledger_move('subscription', move_key, move_description, sub_id::text, NULL, move_postings);
  END IF;
  INSERT INTO activity_items (id, user_id, icon, color, title, description, created_at)
    VALUES (activity_id, sub_user, activity_icon, activity_color, activity_title, activity_description, sub_at);
  RETURN jsonb_build_object('refusal', NULL, 'taken', running, 'payment', payment);
END;
$$;
